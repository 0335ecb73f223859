/**
 * One worker of `npm run replay -- <projection> --workers W`, started by it (partition-workers.ts)
 * with the partitions it owns; never run by hand. It folds them on a PostgreSQL server, reports
 * progress and outcomes over the IPC channel, and exits as soon as that channel closes: a replay
 * that was killed takes its workers with it, and their write in flight rolls back.
 */
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { findProjection } from '../../projections/registry';
import { foldPartitions } from '../../projections/runtime/fold-partitions';
import { findGeneration } from '../../projections/runtime/generations';
import { loadConfigOrExit } from '../app/load-config-or-exit';
import { type PartitionWorkerMessage, partitionWorkerRequest } from './partition-workers';

const send = (message: PartitionWorkerMessage): Promise<void> =>
  new Promise((resolve, reject) => process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())));

if (!process.send) {
  console.error('replay-partition-worker.ts is started by `npm run replay -- <projection> --workers W`, not by hand.');
  process.exit(2);
}
process.on('disconnect', () => process.exit(1));
// A replay killed while this process was still loading closed the channel before anyone listened.
if (!process.connected) process.exit(1);
let stopped = false;
process.on('message', (message) => {
  if ((message as { kind?: unknown }).kind === 'stop') stopped = true;
});
// Ctrl-C reaches the whole process group: the replay decides, and tells the workers to stop.
process.on('SIGINT', () => undefined);

const request = partitionWorkerRequest.parse(JSON.parse(process.argv[2] ?? ''));
const projection = findProjection(request.projection);
if (!projection) throw new Error(`Unknown projection ${request.projection}`);
const config = loadConfigOrExit();
if (config.databaseUrl === undefined) throw new Error('Partition workers run against a PostgreSQL server (DATABASE_URL)');
const sql = await openPgSqlClient({
  connectionString: config.databaseUrl,
  ...(config.databaseSchema === undefined ? {} : { schema: config.databaseSchema }),
  max: 2,
});
try {
  const building = await findGeneration(sql, projection, 'building');
  if (building?.generation !== request.generation) {
    await send({ kind: 'finished', outcomes: request.partitions.map((partition) => ({ partition, kind: 'lost' })) });
  } else {
    // Progress goes up at most every 200 ms.
    let unsent = 0;
    const timer = setInterval(() => {
      if (unsent === 0) return;
      void send({ kind: 'progress', events: unsent });
      unsent = 0;
    }, 200);
    try {
      const outcomes = await foldPartitions(sql, projection, building, request.partitions, {
        stopped: () => stopped,
        onProgress: (events) => (unsent += events),
        twoPagesInFlight: request.twoPagesInFlight,
      });
      if (unsent > 0) await send({ kind: 'progress', events: unsent });
      await send({ kind: 'finished', outcomes });
    } finally {
      clearInterval(timer);
    }
  }
} finally {
  await sql.close();
}
process.exit(0);
