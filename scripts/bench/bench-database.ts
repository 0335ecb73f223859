import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the bench measures: `DATABASE_URL`, else the local test database. */
export function benchDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** A schema name no other run uses, so every run starts on empty tables. */
export function freshSchemaName(purpose: string): string {
  return `bench_${purpose}_${randomBytes(4).toString('hex')}`;
}

export async function withConnection<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createSchema(connectionString: string, schema: string): Promise<void> {
  await withConnection(connectionString, (client) => client.query(`CREATE SCHEMA ${schema}`));
}

export async function dropSchema(connectionString: string, schema: string): Promise<void> {
  await withConnection(connectionString, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
}

/** The connection string with `schema` as every session's search_path (for clients we do not configure). */
export function inSchema(connectionString: string, schema: string): string {
  const url = new URL(connectionString);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Whether the server answers; the bench reports PGlite alone when it does not. */
export async function serverReachable(connectionString: string): Promise<boolean> {
  try {
    await withConnection(connectionString, (client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}
