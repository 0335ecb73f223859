import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { availableSqlClients, dropSchema, freshSchemaName } from '../../events/store/testing/test-sql-clients';
import { findGeneration } from '../../projections/runtime/generations';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { appendStreamed } from '../../projections/testing/stem-streamed';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { type TableComparison, compareGenerations, formatComparison } from './compare-generations';
import { runOperatorCommand } from './testing/run-operator-command';

const streams = [
  { userId: 1, bytesSent: 100, occurredAt: '2026-11-01T10:00:00.000Z' },
  { userId: 1, bytesSent: 50, occurredAt: '2026-11-01T11:00:00.000Z' },
  { userId: 2, bytesSent: 700, occurredAt: '2026-11-02T10:00:00.000Z' },
  { userId: 3, bytesSent: 30, occurredAt: '2026-11-03T10:00:00.000Z' },
];

/** What a metering bug leaves behind: one user's bytes wrong, one user missing, one user invented. */
async function corruptLiveUsage(db: SqlExecutor): Promise<void> {
  // The read model's name is a view over the live generation's table; simple views are updatable.
  await db.query(`UPDATE usage_bytes_per_user SET bytes_streamed = bytes_streamed + 1000 WHERE user_id = 2`);
  await db.query(`DELETE FROM usage_bytes_per_user WHERE user_id = 3`);
  await db.query(`INSERT INTO usage_bytes_per_user VALUES (9, 5, 1, '2026-11-04T10:00:00Z')`);
}

async function usageRows(db: SqlExecutor) {
  const { rows } = await db.query<{ user_id: number; bytes_streamed: string | number }>(
    `SELECT user_id, bytes_streamed FROM usage_bytes_per_user ORDER BY user_id`,
  );
  return rows.map((row) => [row.user_id, Number(row.bytes_streamed)]);
}

for (const client of availableSqlClients()) {
  describe(`compareGenerations on ${client.name}`, () => {
    it('pairs the live and the rebuilt read model on the primary key and names every differing user', async () => {
      const sql = await client.open();
      try {
        const store = await createPostgresEventStore(sql);
        await appendStreamed(store, streams);
        expect(await rebuildProjection(sql, store, usageBytesPerUser)).toMatchObject({ kind: 'swapped' });
        await corruptLiveUsage(sql);

        let comparisons: TableComparison[] = [];
        const outcome = await rebuildProjection(sql, store, usageBytesPerUser, {
          beforeSwap: async (building) => {
            comparisons = await compareGenerations(sql, await findGeneration(sql, usageBytesPerUser, 'live'), building);
          },
        });
        expect(outcome).toMatchObject({ kind: 'swapped' });
        expect(comparisons).toHaveLength(1);
        const [usage] = comparisons;
        expect(usage).toMatchObject({ table: 'usage_bytes_per_user', rowsBefore: 3, rowsAfter: 3, changed: 1, onlyBefore: 1, onlyAfter: 1, keyed: true });
        expect(usage!.compared).toEqual(['user_id', 'bytes_streamed', 'streams_count', 'last_streamed_at']);
        expect(usage!.samples.map((row) => [row.key, row.kind])).toEqual([
          [{ user_id: 2 }, 'changed'],
          [{ user_id: 3 }, 'only-after'],
          [{ user_id: 9 }, 'only-before'],
        ]);
        expect(usage!.samples[0]!.values).toEqual([{ column: 'bytes_streamed', before: 1700, after: 700 }]);
        const text = formatComparison('usage-bytes-per-user', comparisons);
        expect(text).toContain('usage-bytes-per-user / usage_bytes_per_user: 3 rows live, 3 rebuilt; 1 changed, 1 only live, 1 only rebuilt');
        expect(text).toContain('  user_id=2: bytes_streamed 1700 -> 700');
        // After the swap the read model is the log's truth again.
        expect(await usageRows(sql)).toEqual([[1, 150], [2, 700], [3, 30]]);
      } finally {
        await sql.close();
      }
    });

    it('says identical when the rebuild changes nothing, and stops sampling at the limit', async () => {
      const sql = await client.open();
      try {
        const store = await createPostgresEventStore(sql);
        await appendStreamed(store, streams);
        await rebuildProjection(sql, store, usageBytesPerUser);
        let identical: TableComparison[] = [];
        await rebuildProjection(sql, store, usageBytesPerUser, {
          beforeSwap: async (building) => {
            identical = await compareGenerations(sql, await findGeneration(sql, usageBytesPerUser, 'live'), building);
          },
        });
        expect(identical[0]).toMatchObject({ changed: 0, onlyBefore: 0, onlyAfter: 0, samples: [] });
        expect(formatComparison('usage-bytes-per-user', identical)).toMatch(/3 rows live, 3 rebuilt; identical$/);

        await sql.query(`UPDATE usage_bytes_per_user SET streams_count = streams_count + 1`);
        let limited: TableComparison[] = [];
        await rebuildProjection(sql, store, usageBytesPerUser, {
          beforeSwap: async (building) => {
            limited = await compareGenerations(sql, await findGeneration(sql, usageBytesPerUser, 'live'), building, { sampleRows: 2 });
          },
        });
        expect(limited[0]).toMatchObject({ changed: 3 });
        expect(limited[0]!.samples).toHaveLength(2);
        expect(formatComparison('usage-bytes-per-user', limited)).toContain('  ... and 1 more');
      } finally {
        await sql.close();
      }
    });
  });
}

describe.runIf(process.env.DATABASE_URL)('npm run replay -- --dry-run on the server', () => {
  const databaseUrl = process.env.DATABASE_URL!;
  const schema = freshSchemaName();
  afterEach(() => dropSchema(databaseUrl, schema));

  const replay = (args: string[]) =>
    runOperatorCommand('replay.ts', ['usage-bytes-per-user', ...args], { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent' });

  it('shows the per-user differences of a fix, keeps the live read model, then swaps the fix in by resuming', async () => {
    const sql = await openPgSqlClient({ connectionString: databaseUrl, schema });
    try {
      const store = await createPostgresEventStore(sql);
      await appendStreamed(store, streams);
      await store.close();
      const first = replay([]);
      expect(first.status, first.stderr).toBe(0);
      await corruptLiveUsage(sql);
      const before = await usageRows(sql);

      const dryRun = replay(['--dry-run']);
      expect(dryRun.status, dryRun.stderr).toBe(0);
      expect(dryRun.stdout).toMatch(/rebuilt generation \d+ \(version 1, at \S+\) against live generation \d+ \(version 1, at \S+\)/);
      expect(dryRun.stdout).toContain('1 changed, 1 only live, 1 only rebuilt');
      expect(dryRun.stdout).toContain('user_id=2: bytes_streamed 1700 -> 700');
      expect(dryRun.stdout).toMatch(/user_id=3 \(only rebuilt\): bytes_streamed null -> 30/);
      expect(dryRun.stdout).toMatch(/dry run, nothing swapped\. Generation \d+ is rebuilt and kept/);
      expect(await usageRows(sql)).toEqual(before);

      const swap = replay([]);
      expect(swap.status, swap.stderr).toBe(0);
      expect(swap.stderr).toMatch(/resuming the unfinished rebuild of generation \d+/);
      expect(swap.stdout).toMatch(/generation \d+ is live \(was \d+, dropped\); resumed from its checkpoint/);
      expect(await usageRows(sql)).toEqual([[1, 150], [2, 700], [3, 30]]);
    } finally {
      await sql.close();
    }
  }, 120_000);
});
