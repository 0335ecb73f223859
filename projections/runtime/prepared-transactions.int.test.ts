import { describe, expect, it } from 'vitest';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { oldestPreparedTransaction } from './log-visibility';

class RollBack extends Error {}

// The local server runs with max_prepared_transactions = 0 (changing it needs a restart), so no
// real PREPARE TRANSACTION can be made here. The query runs against the real catalog view; for
// the case with a prepared transaction, a temporary view of the same name (temporary relations
// are found before pg_catalog's) adds one row to the catalog view's own rows, in this session only.
for (const client of availableSqlClients()) {
  describe(`prepared transactions holding readers back (${client.name})`, () => {
    it('are read from pg_prepared_xacts: none on this server, and the oldest one with its gid, time, owner and database', async () => {
      const sql = await client.open();
      try {
        expect(await oldestPreparedTransaction(sql, 0)).toBeNull();
        const seen = await sql
          .transaction(async (tx) => {
            await tx.exec(`
              CREATE TEMP VIEW pg_prepared_xacts AS
              SELECT * FROM pg_catalog.pg_prepared_xacts
              UNION ALL SELECT '5000'::xid, 'newer', now() - interval '5 seconds', current_user, current_database()
              UNION ALL SELECT '4000'::xid, 'billing-42', now() - interval '2 minutes', current_user, current_database()`);
            const found = [await oldestPreparedTransaction(tx, 60_000), await oldestPreparedTransaction(tx, 3_600_000)];
            const { rows } = await tx.query<{ user: string; db: string }>('SELECT current_user::text AS user, current_database()::text AS db');
            throw Object.assign(new RollBack(), { found, who: rows[0]! });
          })
          .catch((error: unknown) => {
            if (!(error instanceof RollBack)) throw error;
            return error as RollBack & { found: Array<Awaited<ReturnType<typeof oldestPreparedTransaction>>>; who: { user: string; db: string } };
          });
        // The oldest by transaction id (the one setting the readers' horizon), once past the threshold.
        expect(seen.found[0]).toMatchObject({ gid: 'billing-42', owner: seen.who.user, database: seen.who.db });
        expect(seen.found[0]!.ageSeconds).toBeGreaterThanOrEqual(120);
        expect(Date.now() - Date.parse(seen.found[0]!.preparedAt)).toBeGreaterThanOrEqual(119_000);
        expect(seen.found[1]).toBeNull();
        // The view was the transaction's: the real catalog answers again.
        expect(await oldestPreparedTransaction(sql, 0)).toBeNull();
      } finally {
        await sql.close();
      }
    });
  });
}
