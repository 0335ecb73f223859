import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The config lives in client/ but npm scripts run from the repository root, so the root is pinned
// here rather than taken from the working directory.
const clientRoot = fileURLToPath(new URL('.', import.meta.url));

// `npm start` serves the API on port 3000; the dev server forwards API calls there so the browser
// sees one origin and the session cookie just works.
const apiProxy = { '/api': { target: 'http://localhost:3000' } };

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
