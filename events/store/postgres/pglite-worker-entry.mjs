// The entry of PGlite's worker thread (pglite-worker-sql-client.ts). Node runs no TypeScript, and
// the loader hooks of a thread started through tsx or vitest do not reach a worker's entry on
// Node 20, so tsx's API loads the worker's module here.
const { tsImport } = await import('tsx/esm/api');
await tsImport('./pglite-worker.ts', import.meta.url);
