import { describe, expect, it } from 'vitest';
import { LogFromAnotherCluster } from '../../events/store/postgres/log-from-another-cluster';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { storePerTest } from '../../events/store/testing/store-per-test';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { rebasePositions } from './rebase-positions-in-database';
import {
  expectRestoredDatabaseConsistent,
  oldClientCheckpoints,
  positionsFromAnotherCluster,
  seedRestorableDatabase,
  shiftToAnotherCluster,
} from './testing/restored-log';

for (const client of availableSqlClients()) {
  describe(`a restore from another cluster, rebased (${client.name})`, () => {
    const opened = storePerTest();

    it('rewrites every stored position, starts sync clients over, and a replay equals the live read models', async () => {
      const sql = await opened.openSql(client);
      let store = await opened.openStore(sql, { pollIntervalMs: 50 });
      await seedRestorableDatabase(sql, store);
      await opened.closeStore();

      await shiftToAnotherCluster(sql, 1_000_000_000_000n);
      await expect(createPostgresEventStore(sql)).rejects.toBeInstanceOf(LogFromAnotherCluster);
      const old = await oldClientCheckpoints(sql);
      expect((await positionsFromAnotherCluster(sql)).length).toBeGreaterThan(0);

      const report = await rebasePositions(sql);
      expect(report).toMatchObject({ rebased: true, epoch: 1, checkpoints: 3 });
      const rewritten = Object.fromEntries(report.storedPositions.map(({ table, column, rows }) => [`${table}.${column}`, rows]));
      expect(rewritten).toMatchObject({
        'credit_reservations.settled_position': 1,
        'song_presets_g1.position': 3,
        'credit_accounts_g1.position': 2,
        'user_events_g1.position': 7,
      });
      expect(await positionsFromAnotherCluster(sql)).toEqual([]);

      store = await opened.openStore(sql, { pollIntervalMs: 50 });
      await expectRestoredDatabaseConsistent(sql, store, old);
    }, 120_000);
  });
}
