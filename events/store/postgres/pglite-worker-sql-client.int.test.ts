import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { halfDoneTransaction } from '../testing/half-done-transaction';
import { tempDirPerTest } from '../testing/temp-dir-per-test';
import { openPgliteSqlClient } from './pglite-sql-client';
import { openPgliteWorkerSqlClient } from './pglite-worker-sql-client';

const run = promisify(execFile);
const clientModule = fileURLToPath(new URL('./pglite-worker-sql-client.ts', import.meta.url));

describe('PGlite in a worker thread', () => {
  const tempDir = tempDirPerTest('woodshed-worker-');

  it('keeps on disk what it committed, for the next client of the directory (in this thread or another)', async () => {
    const parent = await tempDir();
    const dataDir = path.join(parent, 'data');
    const first = await openPgliteWorkerSqlClient({ dataDir });
    await first.exec('CREATE TABLE kept (id int PRIMARY KEY)');
    await first.transaction(async (tx) => {
      await tx.query('INSERT INTO kept VALUES (1), (2)');
    });
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow('closed');

    const second = await openPgliteSqlClient({ dataDir });
    const { rows } = await second.query<{ id: number }>('SELECT id FROM kept ORDER BY id');
    await second.close();
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('runs statements in the order they were sent, a transaction exclusively', async () => {
    const sql = await openPgliteWorkerSqlClient({});
    try {
      await sql.exec('CREATE TABLE seen (n serial PRIMARY KEY, value int)');
      const transaction = halfDoneTransaction(sql, 'INSERT INTO seen (value) VALUES (-1)', 'INSERT INTO seen (value) VALUES (-2)', 30);
      await transaction.entered;
      // Sent without waiting for each other, while the transaction is open: they wait for it, in order.
      await Promise.all([transaction.done, ...Array.from({ length: 200 }, (_, value) => sql.query('INSERT INTO seen (value) VALUES ($1)', [value]))]);
      const { rows } = await sql.query<{ value: number }>('SELECT value FROM seen ORDER BY n');
      expect(rows.map((row) => row.value)).toEqual([-1, -2, ...Array.from({ length: 200 }, (_, value) => value)]);
    } finally {
      await sql.close();
    }
  });

  it('lets a process end that did not close it, and keeps it alive while a statement is answered', async () => {
    const script = `
      const { openPgliteWorkerSqlClient } = await import(${JSON.stringify(clientModule)});
      const sql = await openPgliteWorkerSqlClient({});
      // Nothing else keeps this process alive while the statement runs.
      const { rows } = await sql.query('SELECT pg_sleep(0.3), 42 AS answer');
      console.log(rows[0].answer);`;
    const parent = await tempDir();
    const entry = path.join(parent, 'unclosed.mjs');
    await writeFile(entry, script);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', entry], { timeout: 30_000, cwd: process.cwd() });
    expect(stdout.trim()).toBe('42');
  });
});
