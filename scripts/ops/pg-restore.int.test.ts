import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { dropSchema, freshSchemaName } from '../../events/store/testing/test-sql-clients';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { expectRestoredDatabaseConsistent, oldClientCheckpoints, presetSaved, seedRestorableDatabase, shiftToAnotherCluster } from './testing/restored-log';
import { embeddedDataDirPerTest } from './testing/embedded-data-dir-per-test';
import { runInRepository as run, runOperatorCommand } from './testing/run-operator-command';

/** The URL of another database of the same server. */
function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

describe('npm run projections -- status on an embedded log from another cluster', () => {
  const preparedDataDir = embeddedDataDirPerTest('woodshed-restored-');

  it('names rebase-positions instead of printing a stack trace', async () => {
    const dataDir = await preparedDataDir(async (storage) => {
      await storage.store.append('s1', [presetSaved(1, 1)], { expectedVersion: 'any' });
      await shiftToAnotherCluster(storage.sql, 1_000_000_000_000n);
    });
    const status = runOperatorCommand('projections.ts', ['status'], { WOODSHED_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(status.status).toBe(1);
    expect(status.stderr).toContain('npm run rebase-positions');
    expect(status.stderr).not.toContain('    at ');
  }, 120_000);
});

// The documented backup and restore (docs/operations.md, "Backup and restore"), for real: pg_dump
// of a schema whose log came from an older cluster, pg_restore into a fresh database, then the
// operator commands.
describe.runIf(process.env.DATABASE_URL)('pg_dump, pg_restore and rebase-positions on the server', () => {
  const sourceUrl = process.env.DATABASE_URL ?? 'postgres://unset/unset';
  const schema = freshSchemaName();
  const database = `${schema}_restored`;
  const targetUrl = databaseUrl(sourceUrl, database);
  let dir = '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'woodshed-restore-'));
    await admin(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await dropSchema(sourceUrl, schema);
    await rm(dir, { recursive: true, force: true });
  });

  it('restores with the documented command, refuses the log until rebased, then serves it whole', async () => {
    const source = await openPgSqlClient({ connectionString: sourceUrl, schema });
    let old: { midway: string; end: string };
    try {
      const store = await createPostgresEventStore(source, { pollIntervalMs: 50 });
      await seedRestorableDatabase(source, store);
      await store.close();
      // The old cluster's ids ran far above this one's.
      await shiftToAnotherCluster(source, 1_000_000_000_000n);
      old = await oldClientCheckpoints(source);
    } finally {
      await source.close();
    }

    const dump = path.join(dir, 'woodshed.dump');
    const dumped = run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, sourceUrl]);
    expect(dumped.stderr).toBe('');
    expect(dumped.status).toBe(0);
    // The schema exists and is empty in the new database, as `public` does in every new database.
    const target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
    await target.query(`CREATE SCHEMA ${schema}`);
    await target.end();
    // Without --clean pg_restore stops on CREATE SCHEMA and exits 1.
    const plain = run('pg_restore', [`--dbname=${targetUrl}`, '--no-owner', dump]);
    expect(plain.status).toBe(1);
    expect(plain.stderr).toMatch(/schema "[a-z0-9_]+" already exists/);
    await admin(`DROP DATABASE ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
    const restored = run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${targetUrl}`, dump]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);

    const env = { DATABASE_URL: targetUrl, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' };
    const status = runOperatorCommand('projections.ts', ['status'], env);
    expect(status.status).toBe(1);
    expect(status.stderr).toMatch(/^LogFromAnotherCluster|The event log's newest transaction id/);
    expect(status.stderr).toContain('npm run rebase-positions');
    expect(status.stderr).not.toContain('    at ');

    const rebase = runOperatorCommand(path.join('ops', 'rebase-positions.ts'), [], env);
    expect(rebase.stderr).toBe('');
    expect(rebase.status).toBe(0);
    expect(rebase.stdout).toMatch(/credit_reservations\.settled_position +1 positions rewritten/);
    expect(rebase.stdout).toMatch(/position epoch +1: sync clients pull their documents again from the start/);

    const sql = await openPgSqlClient({ connectionString: targetUrl, schema });
    try {
      await migrateRuntimeSchema(sql);
      const store = await createPostgresEventStore(sql, { pollIntervalMs: 50 });
      try {
        await expectRestoredDatabaseConsistent(sql, store, old);
      } finally {
        await store.close();
      }
    } finally {
      await sql.close();
    }
  }, 240_000);
});
