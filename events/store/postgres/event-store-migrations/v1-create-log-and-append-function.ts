import type { Migration } from '../migrations';

// The event store's DDL as released before numbered migrations, kept verbatim so a database of that
// release is adopted as it is (CREATE ... IF NOT EXISTS, CREATE OR REPLACE). Never edit: add a step.

/**
 * The log and the stream versions (the contract is in ../../event-store.ts). `tx_id` is what
 * makes late commits safe: readers order by (tx_id, global_position) and stop below the
 * snapshot's xmin. `streams` holds each stream's last revision and is the row an append locks.
 */
const tables = `
CREATE TABLE IF NOT EXISTS events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_position bigint NOT NULL,
  event_id uuid PRIMARY KEY,
  type text NOT NULL,
  schema_version int NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_position)
);
CREATE UNIQUE INDEX IF NOT EXISTS events_tx_id_global_position ON events (tx_id, global_position);
CREATE TABLE IF NOT EXISTS streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL
);
`;

/**
 * One group-commit batch in one statement (one round trip; run alone it is its own transaction).
 * Appends are given in queue order: `a_*` per append, `e_*` per event, `a_size` events each; the
 * events' data and metadata come as two JSON arrays, which cost far less to send and parse than
 * arrays of JSON texts.
 *
 * 1. Lock the batch's stream rows in stream id order (no deadlock between processes), creating
 *    missing ones with version -1 = "no stream yet" for the appends that may create a stream
 *    (`any`, `no_stream`); FOR UPDATE reads the version as of the lock. A stream without a row
 *    has no events.
 * 2. The usual batch (no id already stored or repeated, each stream once) is decided and written
 *    by one set-based statement: every append is checked against its stream's locked version alone.
 * 3. Otherwise (rare), load the stored ids: an append whose events are all there, in its stream,
 *    with the same type and data is a retry and succeeds without writing or version check; a
 *    partial or different match is a conflict. Then check each append's expected version in
 *    order, an accepted append moving its stream's version for the appends after it; write the
 *    new versions, drop rows still at -1, insert every accepted event in one statement and return
 *    one row per append.
 */
const appendFunction = `
-- Whether a stream at version \`cur\` (NULL: no stream, or only a placeholder row at -1) meets an
-- append's expectation. A plain SQL expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION expected_version_matches(expected text, cur bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE expected
    WHEN 'any' THEN true
    WHEN 'no_stream' THEN nullif(cur, -1) IS NULL
    WHEN 'exists' THEN nullif(cur, -1) IS NOT NULL
    ELSE coalesce(nullif(cur, -1) = expected::bigint, false)
  END
$fn$;
-- The previous signature, which took data and metadata as arrays of JSON texts.
DROP FUNCTION IF EXISTS append_events(text[], text[], int[], uuid[], text[], int[], text[], text[]);
CREATE OR REPLACE FUNCTION append_events(
  a_stream text[], a_expected text[], a_size int[],
  e_id uuid[], e_type text[], e_schema_version int[], e_data jsonb, e_metadata jsonb
) RETURNS TABLE (
  out_outcome text, out_actual bigint, out_next bigint, out_tx_id xid8, out_global_position bigint,
  out_event_id uuid, out_detail text
) LANGUAGE plpgsql
-- Plan each statement once per session (planning them afresh on every call cost as much as running
-- them) and only ever with the indexes: a plan made while the tables were small must not keep
-- scanning them sequentially as they grow. Every statement here reaches rows by key.
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $fn$
DECLARE
  streams_sorted text[] := ARRAY(SELECT DISTINCT id FROM unnest(a_stream) AS id ORDER BY id);
  a_slot int[];
  versions bigint[];
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
  -- One slot per append, filled by index (assigning into an empty array would shift its bounds).
  r_outcome text[] := array_fill(NULL::text, ARRAY[cardinality(a_stream)]);
  r_actual bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(a_stream)]);
  r_next bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(a_stream)]);
  r_last uuid[] := array_fill(NULL::uuid, ARRAY[cardinality(a_stream)]);
  r_tx xid8[] := array_fill(NULL::xid8, ARRAY[cardinality(a_stream)]);
  r_gp bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(a_stream)]);
  r_event uuid[] := array_fill(NULL::uuid, ARRAY[cardinality(a_stream)]);
  r_detail text[] := array_fill(NULL::text, ARRAY[cardinality(a_stream)]);
BEGIN
  -- New streams are locked by their insert, existing ones by FOR UPDATE, each phase in stream id
  -- order, so two writers can never wait for each other in a cycle.
  INSERT INTO streams (stream_id, version)
  SELECT id, -1 FROM unnest(streams_sorted) WITH ORDINALITY AS t(id, ord)
  WHERE id IN (SELECT c.id FROM unnest(a_stream, a_expected) AS c(id, expected) WHERE c.expected IN ('any', 'no_stream'))
  ORDER BY t.ord
  ON CONFLICT (stream_id) DO NOTHING;
  SELECT array_agg(locked.version ORDER BY t.ord) INTO versions
  FROM unnest(streams_sorted) WITH ORDINALITY AS t(id, ord) LEFT JOIN (
    SELECT s.stream_id, s.version FROM streams AS s WHERE s.stream_id = ANY (streams_sorted)
    ORDER BY s.stream_id FOR UPDATE
  ) AS locked ON locked.stream_id = t.id;

  IF cardinality(streams_sorted) = cardinality(a_stream)
      AND NOT EXISTS (SELECT FROM events AS ev WHERE ev.event_id = ANY (e_id))
      AND (SELECT count(DISTINCT id) FROM unnest(e_id) AS id) = cardinality(e_id) THEN
    RETURN QUERY
    WITH decided AS (
      SELECT a.ord, a.stream, a.size, a.first_k, v.cur, expected_version_matches(a.expected, v.cur) AS accepted
      FROM (
        SELECT t.*, (sum(t.size) OVER (ORDER BY t.ord) - t.size)::int AS first_k
        FROM unnest(a_stream, a_expected, a_size) WITH ORDINALITY AS t(stream, expected, size, ord)
      ) AS a
      JOIN unnest(streams_sorted, versions) AS v(id, cur) ON v.id = a.stream
    ), moved AS (
      UPDATE streams AS s SET version = coalesce(d.cur, -1) + d.size
      FROM decided AS d WHERE d.accepted AND s.stream_id = d.stream
    ), inserted AS (
      INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
      SELECT d.stream, coalesce(d.cur, -1) + n, e_id[d.first_k + n], e_type[d.first_k + n],
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
        FOR k IN first_k .. last_k LOOP
          cur := cur + 1;
          acc_k := array_append(acc_k, k);
          acc_stream := array_append(acc_stream, a_stream[i]);
          acc_pos := array_append(acc_pos, cur);
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
    UPDATE streams AS s SET version = v.version
    FROM unnest(streams_sorted, versions) AS v(id, version)
    WHERE s.stream_id = v.id AND v.version <> -1 AND s.version <> v.version;
  END IF;
  IF -1 = ANY (versions) THEN
    DELETE FROM streams AS s WHERE s.stream_id = ANY (streams_sorted) AND s.version = -1;
  END IF;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
    SELECT a.stream, a.pos, e_id[a.k], e_type[a.k], e_schema_version[a.k], e_data -> (a.k - 1), e_metadata -> (a.k - 1)
    FROM unnest(acc_k, acc_stream, acc_pos) WITH ORDINALITY AS a(k, stream, pos, ord)
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

export const createLogAndAppendFunction: Migration = {
  version: 1,
  name: 'create-log-and-append-function',
  sql: tables + appendFunction,
};
