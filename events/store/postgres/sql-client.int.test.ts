import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halfDoneTransaction } from '../testing/half-done-transaction';
import { availableSqlClients, pgliteInWorker } from '../testing/test-sql-clients';
import type { SqlClient } from './sql-client';

const candidates = [...availableSqlClients().map((client) => ({ ...client, label: client.name })), { ...pgliteInWorker, label: 'pglite in a worker thread' }];

for (const candidate of candidates) {
  describe(`SqlClient on ${candidate.label}`, () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await candidate.open();
      await sql.exec('CREATE TABLE items (id int PRIMARY KEY, size bigint NOT NULL); CREATE TABLE log (line text)');
    });
    afterAll(() => sql.close());

    it('reports its kind and returns int8 as a string on both clients', async () => {
      expect(sql.kind).toBe(candidate.name);
      const { rows, rowCount } = await sql.query<{ big: string; small: number }>('SELECT 9007199254740993::int8 AS big, 7 AS small');
      expect(rows).toEqual([{ big: '9007199254740993', small: 7 }]);
      expect(rowCount).toBe(1);
    });

    it('commits a transaction that resolves and rolls back one that throws', async () => {
      await sql.transaction(async (tx) => {
        await tx.query('INSERT INTO items VALUES ($1, $2)', [1, 10]);
      });
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('INSERT INTO items VALUES ($1, $2)', [2, 20]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const { rows } = await sql.query<{ id: number }>('SELECT id FROM items ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual([1]);
    });

    it('never lets another query of the process see a transaction half done', async () => {
      const slow = halfDoneTransaction(sql, 'INSERT INTO items VALUES (3, 30)', 'INSERT INTO items VALUES (4, 40)', 50);
      await slow.entered;
      const { rows } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM items WHERE id IN (3, 4)');
      await slow.done;
      // Either before (PGlite waits for the transaction) or not at all (server isolation): never 1.
      expect(['0', '2']).toContain(rows[0]!.count);
    });

    it('holds an advisory lock for one holder at a time', async () => {
      const order: string[] = [];
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const isHeld = new Promise<void>((resolve) => (started = resolve));
      const first = sql.withAdvisoryLock('job', async () => {
        order.push('first in');
        started();
        await holding;
        order.push('first out');
        return 'first';
      });
      await isHeld;
      await expect(sql.withAdvisoryLock('job', async () => 'never', { wait: false })).resolves.toBeUndefined();
      const second = sql.withAdvisoryLock('job', async () => {
        order.push('second in');
        return 'second';
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
      expect(order).toEqual(['first in', 'first out', 'second in']);
      await expect(sql.withAdvisoryLock('other-job', async () => 'free', { wait: false })).resolves.toBe('free');
    });

    it('holds more locks on a lock session, one after another, each until released or the session ends', async () => {
      const taken = async (key: string) => (await sql.withAdvisoryLock(key, async () => true, { wait: false })) === undefined;
      await sql.withAdvisoryLock('worker', async (session) => {
        const release = await session.hold('partition:1');
        expect(release).toBeDefined();
        expect(await taken('partition:1')).toBe(true);
        await release!();
        expect(await taken('partition:1')).toBe(false);
        expect(await session.hold('partition:2')).toBeDefined();
      });
      expect(await taken('partition:2')).toBe(false);
    });

    it('delivers NOTIFY to listeners until they unlisten', async () => {
      const received: string[] = [];
      let heard!: () => void;
      const delivered = new Promise<void>((resolve) => (heard = resolve));
      const unlisten = await sql.listen('items_changed', (payload) => {
        received.push(payload);
        heard();
      });
      await sql.query(`SELECT pg_notify('items_changed', 'one')`);
      await delivered;
      await unlisten();
      await sql.query(`SELECT pg_notify('items_changed', 'two')`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual(['one']);
    });

    it('fails a statement with the error PostgreSQL gave, its code included, and goes on serving', async () => {
      const failed = await sql.query('INSERT INTO items VALUES (1, 1)').catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).toMatchObject({ code: '23505', message: expect.stringContaining('items_pkey') });
      await expect(sql.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    });

    it('returns dates, JSON and booleans as the driver parses them', async () => {
      const { rows } = await sql.query<{ at: Date; doc: unknown; yes: boolean }>(`SELECT '2025-01-02T03:04:05Z'::timestamptz AS at, $1::jsonb AS doc, true AS yes`, [JSON.stringify({ a: [1, 'b'] })]);
      expect(rows[0]!.at).toBeInstanceOf(Date);
      expect(rows[0]!.at.toISOString()).toBe('2025-01-02T03:04:05.000Z');
      expect(rows[0]).toMatchObject({ doc: { a: [1, 'b'] }, yes: true });
    });

    it('runs a named statement as an unnamed one, inside and outside transactions, after a rollback and an error', async () => {
      const text = 'SELECT $1::int8 AS big, $2::timestamptz AS at, $3::jsonb AS doc, $4::boolean AS yes, $5::text AS nothing, $7::text[] AS names, count(*)::integer AS items FROM items WHERE id >= $6';
      const params = ['9007199254740993', '2025-01-02T03:04:05Z', JSON.stringify({ a: [1, 'b'] }), true, null, 0, ['a', 'b,c', 'd "e"']];
      const expected = (await sql.query(text, params)).rows;
      expect(expected).toEqual([{ big: '9007199254740993', at: new Date('2025-01-02T03:04:05Z'), doc: { a: [1, 'b'] }, yes: true, nothing: null, names: ['a', 'b,c', 'd "e"'], items: expect.any(Number) }]);
      await expect(sql.query(text, params, { name: 'contract_named' })).resolves.toEqual({ rows: expected, rowCount: 1 });
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('INSERT INTO items VALUES ($1, $2)', [50, 500]);
          expect((await tx.query(text, [...params.slice(0, 5), 50, params[6]], { name: 'contract_named' })).rows[0]).toMatchObject({ items: 1 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await expect(sql.query(text, [...params.slice(0, 5), 50, params[6]], { name: 'contract_named' })).resolves.toMatchObject({ rows: [{ items: 0 }] });
      const update = 'UPDATE items SET size = size + $2 WHERE id = $1';
      await expect(sql.query(update, [1, 0], { name: 'contract_update' })).resolves.toMatchObject({ rowCount: 1 });
      await expect(sql.query(update, [999, 0], { name: 'contract_update' })).resolves.toMatchObject({ rowCount: 0 });
      const failed = await sql.query('INSERT INTO items VALUES ($1, $2)', [1, 1], { name: 'contract_insert' }).catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: '23505' });
      await expect(sql.query(text, params, { name: 'contract_named' })).resolves.toEqual({ rows: expected, rowCount: 1 });
    });

    it('runs several statements at once with exec', async () => {
      await sql.exec(`INSERT INTO log VALUES ('a'); INSERT INTO log VALUES ('b')`);
      const { rows } = await sql.query<{ line: string }>('SELECT line FROM log ORDER BY line');
      expect(rows.map((row) => row.line)).toEqual(['a', 'b']);
    });
  });
}
