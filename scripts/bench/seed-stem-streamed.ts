import type { SqlClient } from '../../events/store/postgres/sql-client';

/** The shape of the synthetic log, and the totals a correct read model must end up with. */
export interface StemStreamedSeed {
  events: number;
  users: number;
  totalBytes: number;
}

/** Bytes of the i-th seeded event: varied, deterministic, so totals can be computed without the database. */
export function seededBytes(index: number): number {
  return ((index * 7_919) % 4_194_304) + 1;
}

/** The totals `seedStemStreamed` writes, computed here rather than read back, so a check cannot agree with itself. */
export function expectedSeed(events: number, users: number): StemStreamedSeed {
  let totalBytes = 0;
  for (let index = 0; index < events; index++) totalBytes += seededBytes(index);
  return { events, users, totalBytes };
}

const chunkSize = 100_000;

/** Write `events` StemStreamed rows with set-based SQL (event i to user (i mod users) + 1), then VACUUM ANALYZE. */
export async function seedStemStreamed(sql: SqlClient, events: number, users: number): Promise<StemStreamedSeed> {
  for (let from = 0; from < events; from += chunkSize) {
    await sql.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
       SELECT 'metering-user-' || s.user_id, s.i / $3, s.event_id, 'StemStreamed', 2,
         jsonb_build_object('userId', s.user_id, 'songId', 1 + s.i % 500, 'filename', 'drums.opus',
           'bytesSent', (s.i::bigint * 7919) % 4194304 + 1, 'range', NULL, 'aborted', false),
         jsonb_build_object('eventId', s.event_id, 'occurredAt',
           to_char(timestamp '2025-01-01' + s.i * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'userId', s.user_id, 'requestId', 'seed-' || s.i, 'causationId', 'seed-' || s.i, 'correlationId', 'seed-' || s.i)
       FROM (SELECT i, i % $3 + 1 AS user_id, gen_random_uuid() AS event_id
             FROM generate_series($1::bigint, $2::bigint) AS g(i)) AS s
       ORDER BY s.i`,
      [from, Math.min(from + chunkSize, events) - 1, users],
    );
  }
  await sql.query(
    `INSERT INTO streams (stream_id, version)
     SELECT stream_id, max(stream_position) FROM events GROUP BY stream_id`,
  );
  // One statement per call: several in one simple query would run as one transaction, which VACUUM refuses.
  await sql.exec('VACUUM ANALYZE events');
  await sql.exec('VACUUM ANALYZE streams');
  await settleWrites(sql);
  return expectedSeed(events, users);
}

/** Checkpoint now so measured reads do not share the machine with one (needs superuser or pg_checkpoint). */
async function settleWrites(sql: SqlClient): Promise<void> {
  try {
    await sql.exec('CHECKPOINT');
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    process.stderr.write('[bench] CHECKPOINT not allowed for this role: the reads may overlap a checkpoint\n');
  }
}
