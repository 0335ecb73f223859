import { describe, expect, it } from 'vitest';
import { storePerTest } from '../../events/store/testing/store-per-test';
import { tempDirPerTest } from '../../events/store/testing/temp-dir-per-test';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { appendStreamed } from '../../projections/testing/stem-streamed';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { type ReadModelDump, compareDumps, dumpReadModels, formatDifferences, readDump, sameLog, writeDump } from './read-model-dump';

const streams = [
  { userId: 2, bytesSent: 700, occurredAt: '2026-11-02T10:00:00.000Z' },
  { userId: 1, bytesSent: 100, occurredAt: '2026-11-01T10:00:00.000Z' },
  { userId: 1, bytesSent: 50, occurredAt: '2026-11-01T11:00:00.000Z' },
  { userId: 3, bytesSent: 30, occurredAt: '2026-11-03T10:00:00.000Z' },
];

for (const client of availableSqlClients()) {
  describe(`dumpReadModels on ${client.name}`, () => {
    const databases = storePerTest();
    const tempDir = tempDirPerTest('read-model-dump-');

    it('dumps each read model (the views), not the log or the registry, rows sorted and timestamps in UTC', async () => {
      const sql = await databases.openSql(client);
      const store = await databases.openStore(sql);
      await appendStreamed(store, streams);
      await rebuildProjection(sql, store, usageBytesPerUser);
      await sql.exec(`SET TimeZone = 'America/New_York'`);

      const dump = await dumpReadModels(sql);

      expect(Object.keys(dump.tables)).toEqual(['usage_bytes_per_user']);
      const usage = dump.tables.usage_bytes_per_user!;
      expect(usage.columns).toEqual(['user_id integer', 'bytes_streamed bigint', 'streams_count bigint', 'last_streamed_at timestamp with time zone']);
      expect(usage.rows).toEqual([
        '{"user_id": 1, "streams_count": 2, "bytes_streamed": 150, "last_streamed_at": "2026-11-01T11:00:00+00:00"}',
        '{"user_id": 2, "streams_count": 1, "bytes_streamed": 700, "last_streamed_at": "2026-11-02T10:00:00+00:00"}',
        '{"user_id": 3, "streams_count": 1, "bytes_streamed": 30, "last_streamed_at": "2026-11-03T10:00:00+00:00"}',
      ]);
      expect(dump.log).toMatchObject({ events: 4 });
      expect(dump.log!.digest).toMatch(/^[0-9a-f]{32}$/);

      const directory = await tempDir();
      await writeDump(directory, dump);
      expect(await readDump(directory)).toEqual(dump);
      await expect(writeDump(directory, dump)).rejects.toThrow(/already holds a dump/);
    });

    it('a second replay of the same log dumps the same; a changed row, a lost row and a new table are each named', async () => {
      const sql = await databases.openSql(client);
      const store = await databases.openStore(sql);
      await appendStreamed(store, streams);
      await rebuildProjection(sql, store, usageBytesPerUser);
      const before = await dumpReadModels(sql);

      await rebuildProjection(sql, store, usageBytesPerUser);
      const replayed = await dumpReadModels(sql);
      expect(compareDumps(before, replayed).map((difference) => difference.status)).toEqual(['same']);
      expect(sameLog(before, replayed)).toBe(true);

      // What a projection that folds differently leaves: one user's bytes wrong, one user missing.
      await sql.query(`UPDATE usage_bytes_per_user SET bytes_streamed = 701 WHERE user_id = 2`);
      await sql.query(`DELETE FROM usage_bytes_per_user WHERE user_id = 3`);
      await sql.exec(`CREATE VIEW song_overlays AS SELECT 1 AS user_id`);
      const after = await dumpReadModels(sql);

      const differences = compareDumps(before, after);
      expect(differences.map(({ table, status }) => [table, status])).toEqual([
        ['song_overlays', 'only-after'],
        ['usage_bytes_per_user', 'differs'],
      ]);
      const usage = differences[1]!;
      expect(usage.onlyBefore.map((row) => JSON.parse(row).user_id)).toEqual([2, 3]);
      expect(usage.onlyAfter.map((row) => JSON.parse(row).bytes_streamed)).toEqual([701]);
      const report = formatDifferences(differences);
      expect(report).toContain('usage_bytes_per_user: differs (2 rows only before, 1 only after)');
      expect(report).toContain('+ {"user_id": 2, "streams_count": 1, "bytes_streamed": 701');
    });
  });
}

describe('compareDumps', () => {
  const dumpOf = (columns: string[], rows: string[]): ReadModelDump => ({ tables: { t: { columns, rows } }, log: null });

  it('counts repeated rows, and tells a column order change from a changed column', () => {
    const twice = dumpOf(['a integer'], ['{"a": 1}', '{"a": 1}']);
    const once = dumpOf(['a integer'], ['{"a": 1}']);
    expect(compareDumps(twice, once)[0]).toMatchObject({ status: 'differs', onlyBefore: ['{"a": 1}'], onlyAfter: [] });

    const reordered = compareDumps(dumpOf(['a integer', 'b text'], []), dumpOf(['b text', 'a integer'], []));
    expect(reordered[0]!.status).toBe('same');
    expect(formatDifferences(reordered)).toBe('t: same (the columns are in another order)');

    const retyped = compareDumps(dumpOf(['a integer'], []), dumpOf(['a bigint'], []));
    expect(retyped[0]!.status).toBe('differs');
    expect(formatDifferences(retyped)).toContain('columns only after: a bigint');
    expect(sameLog(twice, once)).toBe(false);
  });
});
