import type { SqlClient } from '../../events/store/postgres/sql-client';

export interface AdminBenchSeed {
  /** Accounts in the read models: 1..users-1 seeded, and the administrator the bench signs in (id `users`). */
  users: number;
  streams: number;
  subscriptions: number;
  /** The stem responses span the 30 days before this instant, oldest first. */
  until: Date;
}

const chunkSize = 100_000;
const spanMs = 30 * 86_400_000;

const metadataSql = (occurredAt: string, userId: string, id: string) =>
  `jsonb_build_object('eventId', s.event_id, 'occurredAt', to_char((${occurredAt}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
     'userId', ${userId}, 'requestId', 'seed-' || ${id}, 'causationId', 'seed-' || ${id}, 'correlationId', 'seed-' || ${id})`;

/** Write the admin bench's log (users, streams over 30 days, subscriptions) with set-based SQL. */
export async function seedAdminBenchLog(sql: SqlClient, seed: AdminBenchSeed): Promise<void> {
  const until = seed.until.toISOString();
  await sql.query(
    `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
     SELECT 'user-' || s.user_id, s.kind, s.event_id,
       CASE s.kind WHEN 0 THEN 'UserRegistered' ELSE 'UserSignedIn' END, 1,
       CASE s.kind WHEN 0 THEN jsonb_build_object('userId', s.user_id, 'email', 'bench-' || s.user_id || '@example.com')
                   ELSE jsonb_build_object('userId', s.user_id, 'method', 'code') END,
       ${metadataSql(`$2::timestamptz - interval '60 days' + s.user_id * interval '1 second' + s.kind * interval '1 minute'`, 's.user_id', "s.user_id || '-' || s.kind")}
     FROM (SELECT u AS user_id, k AS kind, gen_random_uuid() AS event_id FROM generate_series(1, $1::integer - 1) AS u, generate_series(0, 1) AS k) AS s
     ORDER BY s.user_id, s.kind`,
    [seed.users, until],
  );
  for (let from = 0; from < seed.streams; from += chunkSize) {
    await sql.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
       SELECT 'metering-user-' || s.user_id, s.i / $3, s.event_id, 'StemStreamed', 2,
         jsonb_build_object('userId', s.user_id, 'songId', 1 + s.i % 500, 'filename', 'drums.opus',
           'bytesSent', (s.i::bigint * 7919) % 4194304 + 1, 'range', NULL, 'aborted', false),
         ${metadataSql(`$4::timestamptz - $5::bigint * interval '1 millisecond' + (s.i * $5::bigint / $6::bigint) * interval '1 millisecond'`, 's.user_id', 's.i')}
       FROM (SELECT i, i % $3 + 1 AS user_id, gen_random_uuid() AS event_id FROM generate_series($1::bigint, $2::bigint) AS g(i)) AS s
       ORDER BY s.i`,
      [from, Math.min(from + chunkSize, seed.streams) - 1, seed.users, until, spanMs, seed.streams],
    );
  }
  await sql.query(
    `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
     SELECT 'subscription-sub_bench_' || s.n, s.kind, s.event_id,
       CASE s.kind WHEN 0 THEN 'SubscriptionStarted' ELSE 'SubscriptionEnded' END, 1,
       CASE s.kind WHEN 0 THEN jsonb_build_object('userId', s.user_id, 'provider', 'test-checkout', 'providerSubscriptionId', 'sub_bench_' || s.n,
                                 'plan', s.plan, 'currentPeriodStart', to_char(s.start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'currentPeriodEnd', to_char((s.start + CASE s.plan WHEN 'yearly' THEN interval '365 days' ELSE interval '30 days' END) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                   ELSE jsonb_build_object('userId', s.user_id, 'provider', 'test-checkout', 'providerSubscriptionId', 'sub_bench_' || s.n,
                                 'endedAt', to_char(($2::timestamptz - interval '10 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', 'canceled') END,
       ${metadataSql(`s.start + s.kind * interval '1 day'`, 'NULL::integer', "'sub-' || s.n || '-' || s.kind")}
     FROM (SELECT n, n % ($3::integer - 1) + 1 AS user_id, CASE WHEN n % 4 = 0 THEN 'yearly' ELSE 'monthly' END AS plan,
                  $2::timestamptz - (n % 25 + 20) * interval '1 day' AS start, k AS kind, gen_random_uuid() AS event_id
           FROM generate_series(1, $1::integer) AS n, generate_series(0, 1) AS k
           WHERE k = 0 OR n % 5 = 0) AS s
     ORDER BY s.n, s.kind`,
    [seed.subscriptions, until, seed.users],
  );
  await sql.query(`INSERT INTO streams (stream_id, version) SELECT stream_id, max(stream_position) FROM events GROUP BY stream_id
                   ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version`);
  // The accounts registry hands out ids after the seeded ones, should anyone sign in during the run.
  await sql.query(`SELECT setval('account_user_ids', $1::bigint)`, [seed.users - 1]);
  await sql.exec('VACUUM ANALYZE events');
  await sql.exec('VACUUM ANALYZE streams');
}
