import type { Migration } from '../migrations';

/**
 * Why a stream's events could come out of order, and why this step fixes it.
 *
 * Readers order the log by (tx_id, global_position) and read only below the snapshot's xmin, and
 * an event's tx_id used to be its writer's transaction id. A transaction gets that id at its first
 * write, which can be long before it writes a given stream:
 * - `append_events` locks its streams one after another; the first lock assigns the id, and the
 *   function may then wait for a later stream's row while a younger transaction (higher id), which
 *   holds that row, appends revision n and commits. Ours then appends revision n + 1 with the
 *   *lower* id, so the log shows n + 1 before n.
 * - An append inside a caller's larger transaction whose id was assigned by earlier work.
 * Row locks order a stream's writers; transaction ids do not follow that order.
 *
 * The fix makes the stored tx_id follow the row lock's order. `streams.last_tx_id` is the tx_id the
 * stream's last event was stored with, and every new event of the stream is stored with
 *   tx_id = greatest(pg_current_xact_id(), the stream's last_tx_id)
 * read under the stream's row lock. Then, along a stream's revisions, tx_id never decreases, and
 * global_position strictly increases (the next writer draws its numbers after taking the lock,
 * so after the previous writer committed), so (tx_id, global_position) follows revision order.
 *
 * Visibility stays sound, because a stored tx_id is never below the writer's own id:
 * - An event is read only when tx_id < xmin, i.e. every transaction with an id at or below tx_id
 *   has ended, which includes the writer (own id <= tx_id): nothing is read before it commits.
 * - A transaction still running when a reader takes its snapshot has an id >= xmin, so whatever it
 *   stores (>= its own id) sorts after everything that reader could see: a late commit still
 *   never lands behind a reader's checkpoint.
 * Borrowing a higher tx_id delays an event's visibility at most until the transactions up to the
 * borrowed id have ended, which the previous writer of the stream already waited for.
 *
 * Events of one transaction on different streams may carry different tx_ids (each follows its
 * stream), so a reader can see one stream's part of a group-commit batch before another's; the
 * contract never promised more (appends are per stream).
 *
 * Per-stream transaction-level advisory locks taken before any write would fix only the first
 * case (not a caller's earlier id), take a lock-table slot per stream of a batch, and cost a
 * statement; this costs one column read under a lock already taken and one more column written in
 * an UPDATE already made. Existing streams get the highest tx_id of their events, so the first
 * append after the upgrade already sorts after them.
 */
const streamLastTxId = `
ALTER TABLE streams ADD COLUMN last_tx_id xid8;
UPDATE streams AS s SET last_tx_id = last.tx_id
FROM (SELECT DISTINCT ON (stream_id) stream_id, tx_id FROM events ORDER BY stream_id, tx_id DESC) AS last
WHERE last.stream_id = s.stream_id;
`;

/**
 * `append_events` of step 1, with each event's tx_id taken as above and `streams.last_tx_id`
 * moved with the version. Everything else is unchanged: see step 1 for the batch's three phases.
 * `pg_current_xact_id()` is called only after the locks are held (and only when something is
 * written), so it never assigns an id to a call that writes nothing.
 */
const appendFunction = `
CREATE OR REPLACE FUNCTION append_events(
  a_stream text[], a_expected text[], a_size int[],
  e_id uuid[], e_type text[], e_schema_version int[], e_data jsonb, e_metadata jsonb
) RETURNS TABLE (
  out_outcome text, out_actual bigint, out_next bigint, out_tx_id xid8, out_global_position bigint,
  out_event_id uuid, out_detail text
) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $fn$
DECLARE
  streams_sorted text[] := ARRAY(SELECT DISTINCT id FROM unnest(a_stream) AS id ORDER BY id);
  a_slot int[];
  versions bigint[];
  last_txs xid8[];
  has_known boolean;
  known jsonb;
  first_k int := 1;
  last_k int;
  cur bigint;
  accepted boolean;
  entry jsonb;
  found_count int;
  problem text;
  problem_id uuid;
  acc_k int[] := '{}';
  acc_stream text[] := '{}';
  acc_pos bigint[] := '{}';
  acc_tx xid8[] := '{}';
  r_outcome text[] := array_fill(NULL::text, ARRAY[cardinality(a_stream)]);
  r_actual bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(a_stream)]);
  r_next bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(a_stream)]);
  r_last uuid[] := array_fill(NULL::uuid, ARRAY[cardinality(a_stream)]);
  r_tx xid8[] := array_fill(NULL::xid8, ARRAY[cardinality(a_stream)]);
  r_gp bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(a_stream)]);
  r_event uuid[] := array_fill(NULL::uuid, ARRAY[cardinality(a_stream)]);
  r_detail text[] := array_fill(NULL::text, ARRAY[cardinality(a_stream)]);
BEGIN
  INSERT INTO streams (stream_id, version)
  SELECT id, -1 FROM unnest(streams_sorted) WITH ORDINALITY AS t(id, ord)
  WHERE id IN (SELECT c.id FROM unnest(a_stream, a_expected) AS c(id, expected) WHERE c.expected IN ('any', 'no_stream'))
  ORDER BY t.ord
  ON CONFLICT (stream_id) DO NOTHING;
  -- FOR UPDATE returns the row as the previous holder of the lock committed it, so last_tx_id is
  -- that holder's.
  SELECT array_agg(locked.version ORDER BY t.ord), array_agg(locked.last_tx_id ORDER BY t.ord) INTO versions, last_txs
  FROM unnest(streams_sorted) WITH ORDINALITY AS t(id, ord) LEFT JOIN (
    SELECT s.stream_id, s.version, s.last_tx_id FROM streams AS s WHERE s.stream_id = ANY (streams_sorted)
    ORDER BY s.stream_id FOR UPDATE
  ) AS locked ON locked.stream_id = t.id;

  IF cardinality(streams_sorted) = cardinality(a_stream)
      AND NOT EXISTS (SELECT FROM events AS ev WHERE ev.event_id = ANY (e_id))
      AND (SELECT count(DISTINCT id) FROM unnest(e_id) AS id) = cardinality(e_id) THEN
    RETURN QUERY
    WITH decided AS (
      SELECT a.ord, a.stream, a.size, a.first_k, v.cur, expected_version_matches(a.expected, v.cur) AS accepted,
        -- greatest() skips NULL: a new stream takes this transaction's id.
        CASE WHEN expected_version_matches(a.expected, v.cur) THEN greatest(pg_current_xact_id(), v.last_tx) END AS tx
      FROM (
        SELECT t.*, (sum(t.size) OVER (ORDER BY t.ord) - t.size)::int AS first_k
        FROM unnest(a_stream, a_expected, a_size) WITH ORDINALITY AS t(stream, expected, size, ord)
      ) AS a
      JOIN unnest(streams_sorted, versions, last_txs) AS v(id, cur, last_tx) ON v.id = a.stream
    ), moved AS (
      UPDATE streams AS s SET version = coalesce(d.cur, -1) + d.size, last_tx_id = d.tx
      FROM decided AS d WHERE d.accepted AND s.stream_id = d.stream
    ), inserted AS (
      INSERT INTO events (tx_id, stream_id, stream_position, event_id, type, schema_version, data, metadata)
      SELECT d.tx, d.stream, coalesce(d.cur, -1) + n, e_id[d.first_k + n], e_type[d.first_k + n],
        e_schema_version[d.first_k + n], e_data -> (d.first_k + n - 1), e_metadata -> (d.first_k + n - 1)
      FROM decided AS d CROSS JOIN LATERAL generate_series(1, d.size) AS n
      WHERE d.accepted
      ORDER BY d.ord, n
      RETURNING events.event_id, events.tx_id, events.global_position
    )
    SELECT CASE WHEN d.accepted THEN 'ok' ELSE 'wrong_version' END,
      CASE WHEN NOT d.accepted THEN nullif(d.cur, -1) END,
      CASE WHEN d.accepted THEN coalesce(d.cur, -1) + d.size END,
      ins.tx_id, ins.global_position, NULL::uuid, NULL::text
    FROM decided AS d LEFT JOIN inserted AS ins ON ins.event_id = e_id[d.first_k + d.size]
    ORDER BY d.ord;
    RETURN;
  END IF;

  SELECT array_agg(s.ord ORDER BY t.ord) INTO a_slot
  FROM unnest(a_stream) WITH ORDINALITY AS t(id, ord) JOIN unnest(streams_sorted) WITH ORDINALITY AS s(id, ord) ON s.id = t.id;

  SELECT jsonb_object_agg(ev.event_id, jsonb_build_object(
    'stream', ev.stream_id, 'position', ev.stream_position, 'tx', ev.tx_id::text, 'gp', ev.global_position,
    'type', ev.type, 'sv', ev.schema_version, 'data', ev.data))
  INTO known FROM unnest(e_id) AS wanted(id) JOIN events AS ev ON ev.event_id = wanted.id;
  has_known := known IS NOT NULL OR (SELECT count(DISTINCT id) FROM unnest(e_id) AS id) <> cardinality(e_id);
  known := coalesce(known, '{}');

  FOR i IN 1 .. cardinality(a_stream) LOOP
    last_k := first_k + a_size[i] - 1;
    problem := NULL;
    found_count := 0;
    IF has_known THEN
      IF (SELECT count(DISTINCT id) FROM unnest(e_id[first_k:last_k]) AS id) <> a_size[i] THEN
        problem := 'appears twice in one append';
        problem_id := (SELECT id FROM unnest(e_id[first_k:last_k]) AS id GROUP BY id HAVING count(*) > 1 LIMIT 1);
      END IF;
      FOR k IN first_k .. last_k LOOP
        entry := known -> e_id[k]::text;
        CONTINUE WHEN entry IS NULL;
        found_count := found_count + 1;
        IF problem IS NULL AND entry ->> 'stream' <> a_stream[i] THEN
          problem := 'is stored in stream ' || (entry ->> 'stream');
          problem_id := e_id[k];
        ELSIF problem IS NULL AND (entry ->> 'type' <> e_type[k] OR (entry ->> 'sv')::int <> e_schema_version[k]
            OR entry -> 'data' <> e_data -> (k - 1)) THEN
          problem := 'is stored with a different payload';
          problem_id := e_id[k];
        END IF;
      END LOOP;
      IF problem IS NULL AND found_count > 0 AND found_count < a_size[i] THEN
        problem := 'is stored but not every event of this append is';
        problem_id := (SELECT id FROM unnest(e_id[first_k:last_k]) AS id WHERE known ? id::text LIMIT 1);
      END IF;
    END IF;

    IF problem IS NOT NULL THEN
      r_outcome[i] := 'conflict'; r_event[i] := problem_id; r_detail[i] := problem;
    ELSIF found_count > 0 THEN
      entry := known -> e_id[last_k]::text;
      r_outcome[i] := 'retry'; r_next[i] := (entry ->> 'position')::bigint; r_last[i] := e_id[last_k];
      r_tx[i] := (entry ->> 'tx')::xid8; r_gp[i] := (entry ->> 'gp')::bigint;
    ELSE
      cur := nullif(versions[a_slot[i]], -1);
      accepted := expected_version_matches(a_expected[i], cur);
      IF NOT accepted THEN
        r_outcome[i] := 'wrong_version'; r_actual[i] := cur;
      ELSE
        cur := coalesce(cur, -1);
        last_txs[a_slot[i]] := greatest(pg_current_xact_id(), last_txs[a_slot[i]]);
        FOR k IN first_k .. last_k LOOP
          cur := cur + 1;
          acc_k := array_append(acc_k, k);
          acc_stream := array_append(acc_stream, a_stream[i]);
          acc_pos := array_append(acc_pos, cur);
          acc_tx := array_append(acc_tx, last_txs[a_slot[i]]);
          IF has_known THEN
            known := known || jsonb_build_object(e_id[k]::text, jsonb_build_object(
              'stream', a_stream[i], 'position', cur, 'type', e_type[k], 'sv', e_schema_version[k], 'data', e_data -> (k - 1)));
          END IF;
        END LOOP;
        versions[a_slot[i]] := cur;
        r_outcome[i] := 'ok'; r_next[i] := cur; r_last[i] := e_id[last_k];
      END IF;
    END IF;
    first_k := last_k + 1;
  END LOOP;

  IF cardinality(acc_k) > 0 THEN
    UPDATE streams AS s SET version = v.version, last_tx_id = v.last_tx
    FROM unnest(streams_sorted, versions, last_txs) AS v(id, version, last_tx)
    WHERE s.stream_id = v.id AND v.version <> -1 AND s.version <> v.version;
  END IF;
  IF -1 = ANY (versions) THEN
    DELETE FROM streams AS s WHERE s.stream_id = ANY (streams_sorted) AND s.version = -1;
  END IF;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events (tx_id, stream_id, stream_position, event_id, type, schema_version, data, metadata)
    SELECT a.tx, a.stream, a.pos, e_id[a.k], e_type[a.k], e_schema_version[a.k], e_data -> (a.k - 1), e_metadata -> (a.k - 1)
    FROM unnest(acc_k, acc_stream, acc_pos, acc_tx) WITH ORDINALITY AS a(k, stream, pos, tx, ord)
    ORDER BY a.ord
    RETURNING events.event_id, events.tx_id, events.global_position
  )
  SELECT r.outcome, r.actual, r.next, coalesce(ins.tx_id, r.tx), coalesce(ins.global_position, r.gp), r.event, r.detail
  FROM unnest(r_outcome, r_actual, r_next, r_last, r_tx, r_gp, r_event, r_detail)
    WITH ORDINALITY AS r(outcome, actual, next, last_id, tx, gp, event, detail, ord)
  LEFT JOIN inserted AS ins ON ins.event_id = r.last_id
  ORDER BY r.ord;
END
$fn$;
`;

export const streamOrderByTransaction: Migration = {
  version: 2,
  name: 'stream-order-by-transaction',
  sql: streamLastTxId + appendFunction,
};
