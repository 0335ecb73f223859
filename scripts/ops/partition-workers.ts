import { type ChildProcess, fork } from 'node:child_process';
import { z } from 'zod';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { type PartitionOutcome, foldPartitions } from '../../projections/runtime/fold-partitions';
import type { Projection } from '../../projections/runtime/projection-definition';
import type { PartitionFold } from '../../projections/runtime/rebuild';
import { repositoryRoot } from '../app/repository-root';

/** What `replay.ts` hands a worker process: which generation, which partitions. */
export const partitionWorkerRequest = z.object({
  projection: z.string(),
  generation: z.number().int().positive(),
  partitions: z.array(z.number().int().nonnegative()),
  twoPagesInFlight: z.boolean(),
});
export type PartitionWorkerRequest = z.infer<typeof partitionWorkerRequest>;

const outcomeSchema = z.object({
  partition: z.number().int(),
  kind: z.enum(['done', 'stalled', 'stopped', 'lost', 'lock-lost']),
});

/** A worker's messages to `replay.ts`: events written, then its partitions' outcomes. */
export const partitionWorkerMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('progress'), events: z.number().int() }),
  z.object({ kind: z.literal('finished'), outcomes: z.array(outcomeSchema) }),
]);
export type PartitionWorkerMessage = z.infer<typeof partitionWorkerMessage>;

/** `partitions` split into `count` runs of neighbours, as even as they go; none empty. */
export function partitionRanges(partitions: readonly number[], count: number): number[][] {
  const ranges: number[][] = [];
  for (let index = 0; index < count; index++) {
    const range = partitions.slice(Math.floor((index * partitions.length) / count), Math.floor(((index + 1) * partitions.length) / count));
    if (range.length > 0) ranges.push(range);
  }
  return ranges;
}

/**
 * The fold of a partitioned rebuild over `workers` workers, each owning a run of the partitions still
 * short of their head. On a server each is a child process (`replay-partition-worker.ts`) with its
 * own connections; it exits when this process goes, however it goes. PGlite answers one statement at
 * a time in this process, so there the workers are tasks of this process.
 */
export function partitionWorkers(sql: SqlClient, projection: Projection, workers: number, stopped: () => boolean, onStop: (stop: () => void) => void): PartitionFold {
  return async (building, partitions, onProgress) => {
    const ranges = partitionRanges(partitions, workers);
    if (sql.kind === 'pglite') {
      const results = await Promise.all(ranges.map((range) => foldPartitions(sql, projection, building, range, { stopped, onProgress })));
      return results.flat();
    }
    // A lone worker reads as a one-reader rebuild does, two pages at once; several read one each.
    const twoPagesInFlight = ranges.length === 1;
    const children = ranges.map((range) => startWorker({ projection: projection.name, generation: building.generation, partitions: range, twoPagesInFlight }, onProgress));
    onStop(() => {
      for (const child of children) if (child.process.connected) child.process.send({ kind: 'stop' });
    });
    const settled = await Promise.allSettled(children.map((child) => child.finished));
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  };
}

function startWorker(request: PartitionWorkerRequest, onProgress: (events: number) => void): { process: ChildProcess; finished: Promise<PartitionOutcome[]> } {
  const { partitions } = request;
  const child = fork(new URL('./replay-partition-worker.ts', import.meta.url).pathname, [JSON.stringify(request)], {
    cwd: repositoryRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const what = `The worker of partitions ${partitions[0]}-${partitions.at(-1)}`;
  const finished = new Promise<PartitionOutcome[]>((resolve, reject) => {
    let outcomes: PartitionOutcome[] | undefined;
    child.on('message', (raw) => {
      const message = partitionWorkerMessage.parse(raw);
      if (message.kind === 'progress') onProgress(message.events);
      else outcomes = message.outcomes;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && outcomes) resolve(outcomes);
      else reject(new Error(`${what} failed (${signal ?? `exit code ${code}`}); see its output above`));
    });
  });
  return { process: child, finished };
}
