# One image for `api` and `worker` (docker-compose.yml); the client is built at image build time.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 3000
# Node directly, not `npm start`: npm does not pass SIGTERM on, so `docker stop` would kill the app
# without its graceful shutdown. Run with an init (`docker run --init`, compose's `init: true`).
CMD ["node", "--import", "tsx", "scripts/start.ts"]
