// One worker of partitioned-rebuild-sim.ts: catch-up over one partition, checkpointing every `maxBatchEvents`.
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { compileTrimmedReads } from '../../projections/runtime/trimmed-reads';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { type LogPartition, readPartitionPage } from './partition-page';

export interface PartitionWorkerRequest {
  connectionString: string;
  schema: string;
  partition: LogPartition;
  /** The generation's tables by base name, as the runtime passes them to `apply`. */
  tables: Record<string, string>;
  pageSize: number;
  maxBatchEvents: number;
}

export interface PartitionWorkerResult {
  partition: number;
  events: number;
  seconds: number;
  writes: number;
}

const request = JSON.parse(process.argv[2] ?? '') as PartitionWorkerRequest;
const projection = usageBytesPerUser;
const reads = compileTrimmedReads(projection)!;
const sql = await openPgSqlClient({ connectionString: request.connectionString, schema: request.schema, max: 2 });
const started = performance.now();
const read = (after: string) => readPartitionPage(sql, request.partition, after, request.pageSize, projection.eventTypes, reads.reads);

let checkpoint = '';
let events = 0;
let writes = 0;
let folded: { changes: unknown; events: number } | undefined;
const commit = async (next: string): Promise<void> => {
  const changes = folded?.changes;
  await sql.transaction(async (tx) => {
    const moved = await tx.query('UPDATE sim_partition_checkpoints SET position = $3 WHERE partition = $1 AND position = $2', [
      request.partition.index,
      checkpoint,
      next,
    ]);
    if (moved.rowCount !== 1) throw new Error(`Partition ${request.partition.index}: its checkpoint moved under this worker`);
    if (changes !== undefined) await projection.apply(tx, changes, request.tables);
  });
  checkpoint = next;
  events += folded?.events ?? 0;
  folded = undefined;
  writes++;
};

let after = checkpoint;
let pending = read(after);
for (;;) {
  const page = await pending;
  const last = page.events.length < request.pageSize;
  after = page.next;
  if (!last) pending = read(after);
  if (page.events.length > 0) {
    folded = { changes: projection.fold(reads.decode(page.events), folded?.changes), events: (folded?.events ?? 0) + page.events.length };
  }
  if (folded && (last || folded.events >= request.maxBatchEvents)) await commit(after);
  if (last) break;
}
const result: PartitionWorkerResult = { partition: request.partition.index, events, seconds: (performance.now() - started) / 1000, writes };
await sql.close();
process.stdout.write(JSON.stringify(result));
process.exit(0);
