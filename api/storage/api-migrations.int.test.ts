import { describe, expect, it } from 'vitest';
import { migrationVersions } from '../../events/store/postgres/migrations';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { storePerTest } from '../../events/store/testing/store-per-test';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { apiMigrations, migrateApiTables } from './api-migrations';
import { tablesBeforeNumberedMigrations } from './testing/tables-before-numbered-migrations';

const newest = Object.fromEntries(apiMigrations.map((set) => [set.name, set.migrations.length]));
const tables = ['accounts', 'sign_in_challenges', 'sign_in_requests', 'sign_in_failures', 'sessions', 'request_rate_limits', 'email_outbox'];

/** One row in each table, as the previous release wrote them. */
async function writeRows(sql: SqlClient): Promise<void> {
  const at = '2025-10-16T09:00:00Z';
  await sql.query(`INSERT INTO accounts (user_id, email, created_at, registered_at) VALUES (nextval('account_user_ids'), 'one@example.com', $1, $1)`, [at]);
  await sql.query(
    `INSERT INTO sign_in_challenges (email, challenge_id, code_hash, link_token_hash, expires_at, created_at)
     VALUES ('two@example.com', '00000000-0000-4000-8000-000000000001', '\\x01', '\\x02', $1, $1)`,
    [at],
  );
  await sql.query(`INSERT INTO sign_in_requests (email, requested_at) VALUES ('two@example.com', $1)`, [at]);
  await sql.query(`INSERT INTO sign_in_failures (email, day, failures) VALUES ('two@example.com', '2025-10-16', 3)`);
  await sql.query(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at) VALUES ('\\x03', 1, $1, $1, $1)`, [at]);
  await sql.query(`INSERT INTO request_rate_limits (bucket, window_start, hits) VALUES ('rule:key', $1, 4)`, [at]);
  await sql.query(`INSERT INTO email_outbox (to_address, subject, body, created_at, next_attempt_at) VALUES ('one@example.com', 'Hi', '\\x04', $1, $1)`, [at]);
}

async function rowCounts(sql: SqlClient): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

for (const candidate of availableSqlClients()) {
  describe(`API table migrations on ${candidate.name}`, () => {
    const opened = storePerTest();

    it('creates every table in an empty database and records each set at its newest step', async () => {
      const sql = await opened.openSql(candidate);
      expect(await migrationVersions(sql, apiMigrations)).toEqual(Object.fromEntries(apiMigrations.map((set) => [set.name, 0])));
      await migrateApiTables(sql);
      expect(await migrationVersions(sql, apiMigrations)).toEqual(newest);
      await writeRows(sql);
      expect(await rowCounts(sql)).toEqual(Object.fromEntries(tables.map((table) => [table, 1])));
      // The account id sequence starts at 1.
      expect((await sql.query<{ user_id: number }>('SELECT user_id FROM accounts')).rows).toEqual([{ user_id: 1 }]);
    });

    it('adopts the tables and rows of the release before numbered migrations', async () => {
      const sql = await opened.openSql(candidate);
      await sql.exec(tablesBeforeNumberedMigrations);
      await writeRows(sql);
      await migrateApiTables(sql);
      expect(await migrationVersions(sql, apiMigrations)).toEqual(newest);
      expect(await rowCounts(sql)).toEqual(Object.fromEntries(tables.map((table) => [table, 1])));
      // The sequence carries on where the old release left it.
      const { rows } = await sql.query<{ next: string }>(`SELECT nextval('account_user_ids')::text AS next`);
      expect(rows).toEqual([{ next: '2' }]);
    });

    it('changes nothing when run again, even concurrently', async () => {
      const sql = await opened.openSql(candidate);
      const db = sql;
      await Promise.all([migrateApiTables(db), migrateApiTables(db), migrateApiTables(db)]);
      await writeRows(db);
      await migrateApiTables(db);
      expect(await rowCounts(db)).toEqual(Object.fromEntries(tables.map((table) => [table, 1])));
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schema_migrations WHERE set_name = ANY($1)`, [apiMigrations.map((set) => set.name)]);
      expect(rows[0]!.n).toBe(apiMigrations.reduce((sum, set) => sum + set.migrations.length, 0));
    });
  });
}
