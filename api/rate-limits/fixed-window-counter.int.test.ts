import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { countHit, windowStartOf } from './fixed-window-counter';
import { rateLimitRule } from './rate-limit-rule';
import { migrateApiTables } from '../storage/api-migrations';

const rule = rateLimitRule({ name: 'test-burst', limit: 10, windowMs: 60 * 60_000, refusal: 'Too many.' });

for (const candidate of availableSqlClients()) {
  describe(`fixed-window counter on ${candidate.name}`, () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await candidate.open();
      await migrateApiTables(sql);
    });
    afterAll(() => sql?.close());

    it('lets exactly the limit through when 50 requests race, and stores one row per window', async () => {
      const now = new Date('2025-10-16T09:10:00.000Z');
      const verdicts = await Promise.all(Array.from({ length: 50 }, () => countHit(sql, rule, '198.51.100.1', now)));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
      expect(verdicts.filter((verdict) => !verdict.allowed)).toEqual(
        Array.from({ length: 40 }, () => ({ allowed: false, windowEnd: new Date('2025-10-16T10:00:00.000Z') })),
      );
      const { rows } = await sql.query<{ bucket: string; window_start: Date | string; hits: number }>('SELECT bucket, window_start, hits FROM request_rate_limits');
      expect(rows.map((row) => [row.bucket, new Date(row.window_start).toISOString(), Number(row.hits)])).toEqual([
        ['test-burst:198.51.100.1', '2025-10-16T09:00:00.000Z', 10],
      ]);
      expect(await countHit(sql, rule, '198.51.100.2', now)).toEqual({ allowed: true });
    });

    it('aligns windows to the epoch, so every process agrees on them', () => {
      expect(windowStartOf(new Date('2025-10-16T09:59:59.999Z'), 60 * 60_000).toISOString()).toBe('2025-10-16T09:00:00.000Z');
      expect(windowStartOf(new Date('2025-10-16T23:30:00.000Z'), 24 * 60 * 60_000).toISOString()).toBe('2025-10-16T00:00:00.000Z');
    });
  });
}
