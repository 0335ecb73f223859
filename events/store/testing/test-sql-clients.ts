import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPgliteSqlClient } from '../postgres/pglite-sql-client';
import { openPgliteWorkerSqlClient } from '../postgres/pglite-worker-sql-client';
import { openPgSqlClient } from '../postgres/pg-sql-client';
import type { SqlClient } from '../postgres/sql-client';

/** A database integration tests can run against; `open()` gives a fresh, empty one each time. */
export interface TestSqlClient {
  name: 'pglite' | 'postgres';
  open(): Promise<SqlClient>;
}

/** In-memory PGlite in a worker thread, as the app runs it (decision 0046). */
export const pgliteInWorker: TestSqlClient = { name: 'pglite', open: () => openPgliteWorkerSqlClient({ image: inject('freshPgliteImage') }) };

/** PGlite in memory, and the server when DATABASE_URL is set (each `open()` in a new schema, dropped on `close()`). */
export function availableSqlClients(): TestSqlClient[] {
  const clients: TestSqlClient[] = [{ name: 'pglite', open: () => openPgliteSqlClient({ image: inject('freshPgliteImage') }) }];
  const connectionString = process.env.DATABASE_URL;
  if (connectionString) clients.push({ name: 'postgres', open: () => openInFreshSchema(connectionString, freshSchemaName()) });
  return clients;
}

/**
 * How many rounds a load test (a flood of requests, say) runs on `candidate`: all of
 * them on the server, and on PGlite when it is the only database; a quarter on PGlite when the
 * server runs them too. Each suite run then makes the full count once, where a pool of connections
 * can race, and PGlite, which answers one statement at a time, still meets every case the rounds
 * draw from.
 */
export function loadRounds(candidate: TestSqlClient, rounds: number): number {
  return candidate.name === 'pglite' && process.env.DATABASE_URL ? Math.ceil(rounds / 4) : rounds;
}

/** `availableSqlClients` as the app opens them: PGlite in a worker thread. */
export function availableAppSqlClients(): TestSqlClient[] {
  return availableSqlClients().map((client) => (client.name === 'pglite' ? pgliteInWorker : client));
}

/** A new schema name for one test database: `<DATABASE_SCHEMA or woodshed>_t_<random>`. */
export function freshSchemaName(): string {
  const prefix = (process.env.DATABASE_SCHEMA || 'woodshed').toLowerCase();
  return `${prefix}_t_${randomBytes(6).toString('hex')}`;
}

/** Drop a test schema and everything in it. */
export async function dropSchema(connectionString: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}

async function openInFreshSchema(connectionString: string, schema: string): Promise<SqlClient> {
  const sql = await openPgSqlClient({ connectionString, schema });
  return {
    ...sql,
    async close() {
      await sql.close();
      await dropSchema(connectionString, schema);
    },
  };
}
