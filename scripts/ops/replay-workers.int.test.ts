import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Storage, openStorage } from '../../events/store/open-event-store';
import { ownerPartitionCount } from '../../events/store/postgres/read-log-partition';
import { dropSchema, freshSchemaName } from '../../events/store/testing/test-sql-clients';
import { dataDirFromFreshImage } from '../../events/store/testing/data-dir-from-image';
import { testRandom } from '../../events/testing/test-seed';
import { findGeneration } from '../../projections/runtime/generations';
import { partitionLockKey } from '../../projections/runtime/lock-keys';
import { type StreamedGiven, appendStreamed } from '../../projections/testing/stem-streamed';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { repositoryRoot } from '../app/repository-root';
import { childPids, processEnded } from './process-tree';
import { type ReadModelDump, compareDumps, dumpReadModels } from './read-model-dump';
import { runOperatorCommand } from './testing/run-operator-command';

const projection = usageBytesPerUser.name;

/** About 3,000 streams of 60 users in 6 rounds of appends, so users' events interleave across transactions. */
async function seedLog(storage: Storage, next: () => number): Promise<number> {
  let events = 0;
  for (let round = 0; round < 6; round++) {
    const given: StreamedGiven[] = Array.from({ length: 500 }, (_, index) => ({
      userId: 1 + Math.floor(next() * 60),
      bytesSent: 1 + Math.floor(next() * 5_000_000),
      occurredAt: new Date(Date.UTC(2026, 10, 1) + (round * 500 + index) * 60_000).toISOString(),
    }));
    await appendStreamed(storage.store, given);
    events += given.length;
  }
  return events;
}

async function withStorage<T>(options: Parameters<typeof openStorage>[0], work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage(options);
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

function expectSame(before: ReadModelDump, after: ReadModelDump): void {
  const differences = compareDumps(before, after);
  expect(differences.map((difference) => [difference.table, difference.status])).toEqual([['usage_bytes_per_user', 'same']]);
  expect(before.tables.usage_bytes_per_user!.rows.length).toBeGreaterThan(50);
}

const databases = [
  { name: 'embedded', server: false },
  ...(process.env.DATABASE_URL ? [{ name: 'server', server: true }] : []),
];

for (const database of databases) {
  // Each test runs the command in processes of its own (tsx, a database each), several times.
  describe(`npm run replay -- <projection> --workers W (${database.name})`, { timeout: 180_000 }, () => {
    const setUp = async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'woodshed-replay-workers-'));
      if (!database.server) await dataDirFromFreshImage(dataDir);
      const schema = freshSchemaName();
      const storageOptions = database.server ? { dataDir, databaseUrl: process.env.DATABASE_URL!, databaseSchema: schema } : { dataDir };
      const env = { LOG_LEVEL: 'silent', ...(database.server ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema } : { WOODSHED_DATA_DIR: dataDir }) };
      const cleanUp = async () => {
        await rm(dataDir, { recursive: true, force: true });
        if (database.server) await dropSchema(process.env.DATABASE_URL!, schema);
      };
      return { storageOptions, env, cleanUp };
    };

    it('gives the tables a one-process replay gives, and swaps the generation in as it does', async () => {
      const { storageOptions, env, cleanUp } = await setUp();
      try {
        const { next } = testRandom();
        await withStorage(storageOptions, (storage) => seedLog(storage, next));

        const single = runOperatorCommand('replay.ts', [projection], env);
        expect(single.stderr + single.stdout).toMatch(/generation 1 is live/);
        const oneProcess = await withStorage(storageOptions, (storage) => dumpReadModels(storage.sql));

        const partitioned = runOperatorCommand('replay.ts', [projection, '--workers', '2'], env);
        expect(partitioned.status, partitioned.stderr).toBe(0);
        expect(partitioned.stderr).toContain('folding the log by 256 owner partitions up to its head with 2 worker');
        expect(partitioned.stdout).toContain(`${projection}: generation 2 is live (was 1, dropped)`);
        await withStorage(storageOptions, async (storage) => {
          expectSame(oneProcess, await dumpReadModels(storage.sql));
          const { rows } = await storage.sql.query('SELECT 1 FROM projection_partition_checkpoints');
          expect(rows).toEqual([]);
        });
      } finally {
        await cleanUp();
      }
    });

    // Worker processes run on a server only: on PGlite the workers are tasks of the replay's process.
    if (!database.server) return;

    it('resumes each partition from its own checkpoint after a kill -9, to the tables of a one-process replay', async () => {
      const { storageOptions, env, cleanUp } = await setUp();
      try {
        const { next } = testRandom();
        await withStorage(storageOptions, (storage) => seedLog(storage, next));
        expect(runOperatorCommand('replay.ts', [projection], env).status).toBe(0);
        const oneProcess = await withStorage(storageOptions, (storage) => dumpReadModels(storage.sql));

        // Killed once some partitions have reached the head and others cannot: the test holds the
        // last partition's lock, so the worker of the upper half waits for it before folding any of
        // its own, while the lower half's worker folds to the head.
        const killedAt = await withStorage(storageOptions, async ({ sql }) => {
          const lastPartition = await partitionLockKey(sql, projection, ownerPartitionCount - 1);
          return sql.withAdvisoryLock(lastPartition, async () => {
            const replay = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'replay.ts'), projection, '--workers', '2'], {
              cwd: repositoryRoot,
              env: { PATH: process.env.PATH, ...env },
              stdio: 'ignore',
            });
            const exited = new Promise((resolve) => replay.once('exit', resolve));
            let done = 0;
            for (let polls = 0; polls < 6_000 && replay.exitCode === null; polls++) {
              const { rows } = await sql.query<{ done: string }>(
                `SELECT count(*) FILTER (WHERE position = head) AS done FROM projection_partition_checkpoints WHERE generation = 2`,
              );
              done = Number(rows[0]!.done);
              if (done >= 20) break;
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
            // The upper half's worker waits for the lock; the lower half's may have finished and gone.
            const workers = await childPids(replay.pid!);
            expect(workers.length).toBeGreaterThan(0);
            replay.kill('SIGKILL');
            await exited;
            // Its workers exit by themselves when their channel to it closes; the lock is let go
            // only then, so none of them folds past the kill.
            await expect.poll(async () => (await Promise.all(workers.map(processEnded))).every(Boolean), { timeout: 30_000 }).toBe(true);
            return done;
          });
        });
        expect(killedAt).toBeGreaterThanOrEqual(20);

        const resumed = await withStorage(storageOptions, async ({ sql }) => {
          const { rows } = await sql.query<{ done: string; partitions: string }>(
            `SELECT count(*) FILTER (WHERE position = head) AS done, count(*) AS partitions FROM projection_partition_checkpoints WHERE generation = 2`,
          );
          expect(Number(rows[0]!.partitions)).toBe(256);
          return Number(rows[0]!.done);
        });
        expect(resumed).toBeLessThan(256);

        const again = runOperatorCommand('replay.ts', [projection, '--workers', '2'], env);
        expect(again.status, again.stderr).toBe(0);
        expect(again.stderr).toContain(`resuming ${256 - resumed} of 256 owner partitions from their checkpoints`);
        expect(again.stdout).toContain(`${projection}: generation 2 is live (was 1, dropped)`);
        await withStorage(storageOptions, async (storage) => {
          expectSame(oneProcess, await dumpReadModels(storage.sql));
          expect(await findGeneration(storage.sql, usageBytesPerUser, 'live')).toMatchObject({ generation: 2 });
        });
      } finally {
        await cleanUp();
      }
    });
  });
}
