# One image for `api` and `worker` (docker-compose.yml); the client is built at image build time.

# Build stage: every dependency (Vite's plugins, TypeScript types), for the client bundle only.
FROM node:20-bookworm-slim AS client-build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run stage: production dependencies only (tsx, which runs the TypeScript, is one of them).
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server's code, owned by root and read-only to the app; the client's sources stay in the
# build stage, so the start-up check finds client/dist current and never rebuilds it here.
COPY tsconfig.json ./
COPY api ./api
COPY events ./events
COPY projections ./projections
COPY scripts ./scripts
COPY --from=client-build /app/client/dist ./client/dist
# The only directories the app writes: the data directory and the songs library (volumes in
# docker-compose.yml, which take this ownership when first created).
RUN mkdir -p /app/data /app/songs && chown node:node /app/data /app/songs
USER node
EXPOSE 3000
# Node directly, not through npm: one process to signal, whose exit code is the container's.
# Run with an init (`docker run --init`, compose's `init: true`) so signals reach it as PID 2.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
