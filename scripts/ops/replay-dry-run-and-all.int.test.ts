import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../events/store/open-event-store';
import { dropSchema, freshSchemaName } from '../../events/store/testing/test-sql-clients';
import { dataDirFromFreshImage } from '../../events/store/testing/data-dir-from-image';
import { findGeneration, ensureLiveGeneration } from '../../projections/runtime/generations';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { appendStreamed } from '../../projections/testing/stem-streamed';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { runOperatorCommand } from './testing/run-operator-command';

const run = (script: string, args: string[], env: NodeJS.ProcessEnv) => runOperatorCommand(script, args, { LOG_LEVEL: 'silent', ...env });

/** An open dead letter in the generation being built, as a rebuild that stopped on an event leaves it. */
async function stallBuildingGeneration(env: { dataDir: string; databaseUrl?: string; databaseSchema?: string }): Promise<number> {
  const storage = await openStorage(env);
  try {
    const building = await findGeneration(storage.sql, usageBytesPerUser, 'building');
    const event = (await storage.store.readAll({ max: 1 })).events[0]!;
    await storage.sql.query(
      `INSERT INTO projection_dead_letters (projection, generation, position, event_id, type, error) VALUES ($1, $2, $3, $4, $5, 'a bug in the fold')`,
      [usageBytesPerUser.name, building!.generation, event.position, event.eventId, event.type],
    );
    return building!.generation;
  } finally {
    await storage.close();
  }
}

const databases = [
  { name: 'embedded', server: false },
  ...(process.env.DATABASE_URL ? [{ name: 'server', server: true }] : []),
];

for (const database of databases) {
  describe(`npm run replay: dry-run generations and --all (${database.name})`, () => {
    it('reports a dry run kept as such, finishes it as a dry run after --skip, and --all goes on past a stall', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'woodshed-replay-'));
      if (!database.server) await dataDirFromFreshImage(dataDir);
      const schema = freshSchemaName();
      const storageOptions = database.server ? { dataDir, databaseUrl: process.env.DATABASE_URL!, databaseSchema: schema } : { dataDir };
      const env = database.server ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema } : { WOODSHED_DATA_DIR: dataDir };
      try {
        const storage = await openStorage(storageOptions);
        try {
          await migrateRuntimeSchema(storage.sql);
          await ensureLiveGeneration(storage.sql, usageBytesPerUser);
          await appendStreamed(storage.store, [{ userId: 1, bytesSent: 10 }, { userId: 2, bytesSent: 20 }]);
        } finally {
          await storage.close();
        }

        const dryRun = run('replay.ts', ['usage-bytes-per-user', '--dry-run'], env);
        expect(dryRun.status).toBe(0);
        expect(dryRun.stdout).toContain('usage-bytes-per-user: dry run, nothing swapped. Generation 2 is rebuilt and kept');
        const status = run('projections.ts', ['status'], env);
        expect(status.stdout).toMatch(/usage-bytes-per-user .*dry-run-kept \(generation 2 kept by a dry run, not swapped in/);
        expect(status.stdout).toContain('usage-bytes-per-user: generation 2 was rebuilt by --dry-run and kept for comparison');
        expect(status.stdout).not.toContain('rebuild-interrupted');

        // The dry run's generation stopped on an event; skipping it finishes the dry run, never swaps.
        expect(await stallBuildingGeneration(storageOptions)).toBe(2);
        const skip = run('replay.ts', ['usage-bytes-per-user', '--skip'], env);
        expect(skip.stdout).toContain("generation 2 is a dry run's; finishing it as a dry run");
        expect(skip.stdout).toContain('usage-bytes-per-user: dry run, nothing swapped. Generation 2 is rebuilt and kept');
        expect(skip.status).toBe(0);
        const afterSkip = await openStorage(storageOptions);
        try {
          expect(await findGeneration(afterSkip.sql, usageBytesPerUser, 'live')).toMatchObject({ generation: 1 });
        } finally {
          await afterSkip.close();
        }

        // --all: the first read model stalls at once; every other one is still rebuilt.
        await stallBuildingGeneration(storageOptions);
        const all = run('replay.ts', ['--all'], env);
        expect(all.stderr).toContain('usage-bytes-per-user: stalled in generation 2');
        expect(all.stdout).toMatch(/practice-log: generation \d+ is live/);
        expect(all.stdout).toMatch(/takes: generation \d+ is live/);
        expect(all.stdout).toMatch(/users: generation \d+ is live/);
        expect(all.stderr).toMatch(/1 of \d+ read models did not finish: usage-bytes-per-user \(see above\)\./);
        expect(all.status).toBe(1);
      } finally {
        if (database.server) await dropSchema(process.env.DATABASE_URL!, schema);
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 600_000);
  });
}
