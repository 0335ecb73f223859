import { describe, expect, it } from 'vitest';
import { openStorage } from '../../events/store/open-event-store';
import { dropSchema, freshSchemaName } from '../../events/store/testing/test-sql-clients';
import { ensureLiveGeneration } from '../../projections/runtime/generations';
import { rebuildProjection } from '../../projections/runtime/rebuild';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { openBlockingTransaction } from '../../projections/runtime/testing/blocking-transaction';
import { appendStreamed } from '../../projections/testing/stem-streamed';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { embeddedDataDirPerTest } from './testing/embedded-data-dir-per-test';
import { runOperatorCommand as run } from './testing/run-operator-command';


const streams = Array.from({ length: 12 }, (_, index) => ({ userId: (index % 3) + 1, bytesSent: 100 + index }));

describe('npm run replay on an embedded database', () => {
  const preparedDataDir = embeddedDataDirPerTest('woodshed-replay-');

  it('resumes an unfinished rebuild from its checkpoint and says so', async () => {
    const dataDir = await preparedDataDir(async (storage) => {
      await migrateRuntimeSchema(storage.sql);
      await ensureLiveGeneration(storage.sql, usageBytesPerUser);
      await appendStreamed(storage.store, streams);
      let pages = 0;
      // A rebuild cut short, as a killed replay leaves it: generation 2, half-built.
      const cut = await rebuildProjection(storage.sql, storage.store, usageBytesPerUser, { pageSize: 4, stopped: () => ++pages > 1 });
      expect(cut).toMatchObject({ kind: 'stopped', generation: 2 });
    });

    const status = run('projections.ts', ['status'], { WOODSHED_DATA_DIR: dataDir });
    expect(status.stdout).toMatch(/usage-bytes-per-user .*rebuild-interrupted \(generation 2 half-built, no rebuild running/);
    expect(status.stdout).toContain('`npm run replay -- usage-bytes-per-user` resumes it.');

    const replay = run('replay.ts', ['usage-bytes-per-user'], { WOODSHED_DATA_DIR: dataDir });
    expect(replay.status).toBe(0);
    expect(replay.stderr).toMatch(/usage-bytes-per-user: resuming the unfinished rebuild of generation 2 from its checkpoint \d+/);
    expect(replay.stdout).toMatch(/usage-bytes-per-user: generation 2 is live \(was 1, dropped\); resumed from its checkpoint, \d+ events/);
    // Two operator commands, each opening the embedded database: slow on a busy machine.
  }, 240_000);
});

const databaseUrl = process.env.DATABASE_URL;
for (const url of databaseUrl ? [databaseUrl] : []) {
  describe('npm run projections -- status on a PostgreSQL server', () => {
    it('shows the events an idle transaction hides from readers, names it, and exits 1', async () => {
      const schema = freshSchemaName();
      const storage = await openStorage({ dataDir: '/nonexistent/unused', databaseUrl: url, databaseSchema: schema });
      const blocker = await openBlockingTransaction(url);
      try {
        await migrateRuntimeSchema(storage.sql);
        await appendStreamed(storage.store, streams.slice(0, 3));
        const { status, stdout } = run('projections.ts', ['status', '--json', '--blocked-after', '0'], { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema });
        expect(status).toBe(1);
        const report = JSON.parse(stdout) as {
          log: { invisibleEvents: number; blockingTransaction: { pid: number; state: string } | null };
          projections: Array<{ projection: string; lag: number; invisible: number }>;
        };
        expect(report.log).toMatchObject({ invisibleEvents: 3, blockingTransaction: { pid: blocker.pid, state: 'idle in transaction' } });
        expect(report.projections.find((projection) => projection.projection === 'usage-bytes-per-user')).toMatchObject({ lag: 0, invisible: 3 });
      } finally {
        await blocker.end();
        await storage.close();
        await dropSchema(url, schema);
      }
    });
  });
}
