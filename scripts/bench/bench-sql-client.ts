import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { openPgliteSqlClient } from '../../events/store/postgres/pglite-sql-client';
import { openPgliteWorkerSqlClient } from '../../events/store/postgres/pglite-worker-sql-client';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { benchDatabaseUrl, dropSchema, freshSchemaName } from './bench-database';

/** Where PGlite keeps the bench's data: `memory`, or a fresh `temp-dir`. */
export type PgliteLocation = 'memory' | 'temp-dir';

export type BenchBackend = { kind: 'pglite'; location: PgliteLocation; thread?: PgliteThread } | { kind: 'postgres'; connectionString: string };

/** Where PGlite runs: the calling thread (default, as operator commands) or a worker (as the app, decision 0046). */
export type PgliteThread = 'worker' | 'main';

/** A fresh, empty database of `backend` and how to throw it away afterwards. */
export interface BenchSqlClient {
  sql: SqlClient;
  /** `temp-dir` path or server schema, for the report. */
  where: string;
  dispose(): Promise<void>;
}

export async function openBenchSqlClient(backend: BenchBackend, purpose: string): Promise<BenchSqlClient> {
  if (backend.kind === 'postgres') {
    const schema = freshSchemaName(purpose);
    const sql = await openPgSqlClient({ connectionString: backend.connectionString, schema });
    return {
      sql,
      where: schema,
      async dispose() {
        await sql.close();
        await dropSchema(backend.connectionString, schema);
      },
    };
  }
  const open = backend.thread === 'worker' ? openPgliteWorkerSqlClient : openPgliteSqlClient;
  if (backend.location === 'memory') {
    const sql = await open();
    return { sql, where: 'memory', dispose: () => sql.close() };
  }
  const dataDir = await mkdtemp(join(tmpdir(), `woodshed-bench-${purpose}-`));
  const sql = await open({ dataDir });
  return {
    sql,
    where: dataDir,
    async dispose() {
      await sql.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server backend for `DATABASE_URL` (or the local test database). */
export function serverBackend(): BenchBackend {
  return { kind: 'postgres', connectionString: benchDatabaseUrl() };
}
