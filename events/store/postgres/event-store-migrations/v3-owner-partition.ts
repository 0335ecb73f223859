import type { Migration } from '../migrations';

/**
 * Each event's partition for a rebuild split across workers, derived from its stream's owner.
 *
 * Streams are named `<category>-<owner id>` (`user-7`, `metering-user-7`, `takes-user-7`), so the
 * text after the last hyphen is the owner, and `hashtext(owner) & 255` puts every event of one
 * owner, whatever its stream, in the same one of 256 partitions. Other streams (`song-12`,
 * `subscription-<id>`) get a partition too; a projection that declares `partitionedBy: 'owner'`
 * promises that each of its rows depends only on the events of one owner's streams.
 *
 * Only the function is created here, at once on any log: it is a pure function of `stream_id`, so
 * nothing is stored per event and `append_events` is unchanged. The index that reads a partition in
 * log order (`ownerPartitionIndexSql`) is an expression index over it, built when a partitioned
 * rebuild first needs it, concurrently on a server (appends never wait on it). A stored column would
 * have meant rewriting every row of an existing log, and the same index beside it.
 *
 * Never give it another body: the index stores its results. (OR REPLACE only adopts a schema
 * whose tables were dropped but not its functions, as the tests empty theirs.)
 */
export const ownerPartition: Migration = {
  version: 3,
  name: 'owner-partition',
  sql: `
CREATE OR REPLACE FUNCTION event_owner_partition(stream_id text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN hashtext(split_part(stream_id, '-', -1)) & 255;
`,
};
