import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropSchema, freshSchemaName } from '../testing/test-sql-clients';
import { openPgSqlClient } from './pg-sql-client';
import type { SqlClient } from './sql-client';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('openPgSqlClient on the server', () => {
  const schema = freshSchemaName();
  let sql: SqlClient | undefined;
  afterEach(async () => {
    await sql?.close();
    sql = undefined;
    await dropSchema(databaseUrl!, schema);
  });

  it('has the server end a transaction of its own left idle, and goes on working', async () => {
    sql = await openPgSqlClient({ connectionString: databaseUrl!, schema, idleInTransactionTimeoutMs: 300 });
    await sql.exec('CREATE TABLE items (id int PRIMARY KEY)');
    const forgotten = sql.transaction(async (tx) => {
      await tx.query('INSERT INTO items VALUES (1)');
      // The transaction holds its id while the process looks elsewhere (a stuck request).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await tx.query('INSERT INTO items VALUES (2)');
    });
    await expect(forgotten).rejects.toThrow(/ended this transaction's session \(terminating connection due to idle-in-transaction timeout\)/);
    expect((await sql.query('SELECT id FROM items')).rows).toEqual([]);
    await sql.transaction((tx) => tx.query('INSERT INTO items VALUES (3)'));
    expect((await sql.query('SELECT id FROM items')).rows).toEqual([{ id: 3 }]);
  });

  it('keeps an advisory lock through event-loop stalls longer than its check, while its session lives', async () => {
    sql = await openPgSqlClient({ connectionString: databaseUrl!, schema });
    const checkEveryMs = 100;
    const reason = await sql.withAdvisoryLock(
      'stalled-loop-test',
      async (session) => {
        // Each stall blocks the loop three checks long, so a check's query is answered during a
        // stall at some point; between stalls the loop turns once (timers, then sockets).
        for (let stall = 0; stall < 12 && !session.signal.aborted; stall++) {
          await new Promise((resolve) => setImmediate(resolve));
          const until = performance.now() + 3 * checkEveryMs;
          while (performance.now() < until) {
            // Blocking on purpose: a long synchronous fold.
          }
        }
        // Then the loop runs freely through several checks.
        await new Promise((resolve) => setTimeout(resolve, 5 * checkEveryMs));
        return session.signal.aborted ? String((session.signal.reason as Error).message) : 'held';
      },
      { checkEveryMs },
    );
    expect(reason).toBe('held');
  });

  it('asks on a pooled session, not a new one, while another session holds the lock a standby tries', async () => {
    sql = await openPgSqlClient({ connectionString: databaseUrl!, schema });
    const standby = await openPgSqlClient({ connectionString: databaseUrl!, schema });
    try {
      await standby.query('SELECT 1');
      let release = () => undefined as void;
      const holding = sql.withAdvisoryLock('standby-test', () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const connects = vi.spyOn(pg.Client.prototype, 'connect');
      try {
        for (let attempt = 0; attempt < 10; attempt++) expect(await standby.withAdvisoryLock('standby-test', async () => 'ran', { wait: false })).toBeUndefined();
        expect(connects).not.toHaveBeenCalled();
      } finally {
        connects.mockRestore();
      }
      release();
      await holding;
      // Free again: the next try takes it, on a session of its own.
      expect(await standby.withAdvisoryLock('standby-test', async () => 'ran', { wait: false })).toBe('ran');
    } finally {
      await standby.close();
    }
  });

  it('sets a minute by default on every connection of the pool', async () => {
    sql = await openPgSqlClient({ connectionString: databaseUrl!, schema });
    const shown = async (executor: Pick<SqlClient, 'query'>) =>
      (await executor.query<{ timeout: string }>('SELECT current_setting($1) AS timeout', ['idle_in_transaction_session_timeout'])).rows[0]!.timeout;
    expect(await shown(sql)).toBe('1min');
    expect(await sql.transaction((tx) => shown(tx))).toBe('1min');
  });
});
