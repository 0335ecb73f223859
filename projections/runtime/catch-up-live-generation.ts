import type { EventStore } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { BatchWriter } from './batch-writer';
import { type CatchUpOutcome, catchUp, defaultPageSize } from './catch-up';
import { readCheckpoint } from './checkpoints';
import { ensureLiveGeneration } from './generations';
import { LockFence } from './lock-fence';
import type { Projection } from './projection-definition';
import { runnerLockKey } from './lock-keys';
import { migrateRuntimeSchema } from './runtime-schema';

/** `busy`: an app or worker holds the projection; `outdated`: another version built it (rebuild needed). */
export type LiveCatchUpOutcome = CatchUpOutcome | { kind: 'busy' } | { kind: 'outdated'; builtWithVersion: number };

/** Bring the live generation to the head once (replay CLI, no app running), under the runner lock. */
export async function catchUpLiveGeneration(
  sql: SqlClient,
  store: EventStore,
  projection: Projection,
  options: { pageSize?: number; onProgress?: (events: number) => void; stopped?: () => boolean } = {},
): Promise<LiveCatchUpOutcome> {
  await migrateRuntimeSchema(sql);
  const lockKey = await runnerLockKey(sql, projection.name);
  const outcome = await sql.withAdvisoryLock(
    lockKey,
    async (session): Promise<LiveCatchUpOutcome> => {
      const fence = new LockFence(session, lockKey);
      const generation = await ensureLiveGeneration(sql, projection);
      if (generation.version !== projection.version) return { kind: 'outdated', builtWithVersion: generation.version };
      const checkpoint = await readCheckpoint(sql, projection.name, generation.generation);
      const writer = new BatchWriter({ sql, projection, generation, checkpoint, fence });
      return catchUp(store, writer, {
        types: projection.eventTypes,
        pageSize: options.pageSize ?? defaultPageSize,
        stopped: () => fence.lost || (options.stopped?.() ?? false),
        onWritten: (events) => options.onProgress?.(events),
      });
    },
    { wait: false },
  );
  return outcome ?? { kind: 'busy' };
}
