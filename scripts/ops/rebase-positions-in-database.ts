import { migrateEventStore } from '../../events/store/postgres/migrate-event-store';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { positionSql } from '../../events/store/postgres/sql-position';
import { advancePositionEpoch } from '../../projections/runtime/position-epoch';
import { migrateRuntimeSchema } from '../../projections/runtime/runtime-schema';
import { findPositionColumns, type PositionColumn } from './position-columns';

/** What `rebasePositions` found and did. */
export interface RebaseReport {
  /** False when the log's ids were already below this database's next id (nothing was changed). */
  rebased: boolean;
  events: number;
  highestBefore: string | null;
  highestAfter: string | null;
  /** The first transaction id not yet assigned when the rebase started. */
  nextTxId: string;
  /** Distinct tx_ids before, and the new ids they were mapped to (fewer: see `rebasePositions`). */
  transactionIdsBefore: number;
  transactionIdsAfter: number;
  /** Transaction ids used up to make room below the current one (0 when there was room). */
  idsAdvanced: number;
  streams: number;
  checkpoints: number;
  deadLetters: number;
  /** Positions rewritten in every other table that stores them (read models, credit reservations), by table. */
  storedPositions: Array<{ table: string; column: string; rows: number }>;
  /** The position epoch after the rebase (decision 0061): sync clients holding an older one start over. */
  epoch: number;
}

/** The first normal transaction id (0, 1 and 2 are reserved); new ids count up from it. */
const firstNormalTxId = 3n;

export interface RebaseOptions {
  /** Rewrite even a log whose ids are already below the current one. */
  force?: boolean;
  /** The first new id; default 3. A test sets it above the current id to exercise making room. */
  firstNewTxId?: bigint;
  onProgress?: (message: string) => void;
}
/** Transactions per round trip while advancing the id counter. */
const advanceBatch = 1_000;

// An encoded position's transaction id, as xid8. Through numeric: xid8's own input reads a leading
// zero as octal, and encoded positions are zero-padded.
const positionTxId = (column: string) => `(split_part(${column}, '/', 1)::numeric)::text::xid8`;
const positionGlobal = (column: string) => `split_part(${column}, '/', 2)::bigint`;

// The new id of every old one: in log order, a new id starts wherever global_position goes down;
// within a run it only rises, so one id keeps the order.
const buildMap = (firstNewTxId: bigint) => `
CREATE TEMP TABLE rebase_map (old_tx xid8 PRIMARY KEY, new_tx xid8 NOT NULL) ON COMMIT DROP;
INSERT INTO rebase_map (old_tx, new_tx)
SELECT tx_id, (${firstNewTxId} + max(run))::text::xid8 FROM (
  SELECT tx_id, count(*) FILTER (WHERE descends) OVER (ORDER BY tx_id, global_position ROWS UNBOUNDED PRECEDING) AS run
  FROM (
    SELECT tx_id, global_position, global_position < lag(global_position) OVER (ORDER BY tx_id, global_position) AS descends
    FROM events
  ) AS walked
) AS runs
GROUP BY tx_id;
`;

// Every event's old and new position, for the positions stored beside the log: nearly all of them
// are an event's own (a read-model row's last change, an audit entry, a settled reservation).
const buildPositionMap = `
CREATE TEMP TABLE rebase_positions (old text COLLATE "C" PRIMARY KEY, new text COLLATE "C" NOT NULL) ON COMMIT DROP;
INSERT INTO rebase_positions (old, new)
SELECT ${positionSql('e.tx_id', 'e.global_position')}, ${positionSql('m.new_tx', 'e.global_position')}
FROM events AS e JOIN rebase_map AS m ON m.old_tx = e.tx_id;
`;

// A stored position becomes the new position of the last event at or before it (itself, for a
// position an event has): everything a projection had folded, and nothing more. START stays START.
const rebasedPosition = (column: string) => `coalesce(
  (SELECT p.new FROM rebase_positions AS p WHERE p.old = ${column} COLLATE "C"),
  (SELECT ${positionSql('m.new_tx', 'e.global_position')}
   FROM events AS e JOIN rebase_map AS m ON m.old_tx = e.tx_id
   WHERE (e.tx_id, e.global_position) <= (${positionTxId(column)}, ${positionGlobal(column)})
   ORDER BY e.tx_id DESC, e.global_position DESC LIMIT 1),
  '')`;
const encodedPosition = `'^[0-9]{20}/[0-9]{20}$'`;

/**
 * Make a log restored from another cluster readable: in one transaction, rewrite every tx_id to a small
 * id below the current one (keeping order) and every stored position with it, then bump the position
 * epoch. Run with every app and worker stopped.
 */
export async function rebasePositions(sql: SqlClient, options: RebaseOptions = {}): Promise<RebaseReport> {
  const progress = options.onProgress ?? (() => undefined);
  const firstNewTxId = options.firstNewTxId ?? firstNormalTxId;
  if (firstNewTxId < firstNormalTxId) throw new RangeError(`New transaction ids start at ${firstNormalTxId} at the lowest`);
  await migrateEventStore(sql);
  await migrateRuntimeSchema(sql);
  const before = await logState(sql);
  const report: RebaseReport = {
    rebased: false,
    events: before.events,
    highestBefore: before.highest,
    highestAfter: before.highest,
    nextTxId: before.next,
    transactionIdsBefore: before.transactionIds,
    transactionIdsAfter: before.transactionIds,
    idsAdvanced: 0,
    streams: 0,
    checkpoints: 0,
    deadLetters: 0,
    storedPositions: [],
    epoch: 0,
  };
  if (before.highest === null) return report;
  if (!options.force && BigInt(before.highest) < BigInt(before.next)) return report;

  // Every new id must be below the oldest id any reader could still wait for.
  const highestNew = firstNewTxId + BigInt(before.runs) - 1n;
  const xmin = BigInt(before.xmin);
  if (highestNew >= xmin) {
    const wanted = Number(highestNew - xmin) + 1;
    progress(`Advancing the transaction id counter by ${wanted} to make room below it ...`);
    report.idsAdvanced = await advanceTransactionIds(sql, wanted);
  }

  const rewritten = await sql.transaction(async (tx) => {
    const columns = await findPositionColumns(tx);
    const tables = [...new Set(columns.map((column) => column.table))];
    // Nothing may write the log or a stored position meanwhile (a forgotten worker would wait here).
    await tx.exec(`LOCK TABLE events, streams${tables.map((table) => `, ${quoteIdent(table)}`).join('')} IN EXCLUSIVE MODE`);
    const { rows: room } = await tx.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
    await tx.exec(buildMap(firstNewTxId));
    const { rows: mapped } = await tx.query<{ highest: string | null; ids: string }>(
      'SELECT max(new_tx::text::numeric)::text AS highest, count(DISTINCT new_tx) AS ids FROM rebase_map',
    );
    if (mapped[0]!.highest !== null && BigInt(mapped[0]!.highest) >= BigInt(room[0]!.xmin)) {
      throw new Error(`No room below transaction id ${room[0]!.xmin} for ${mapped[0]!.ids} new ids; is another session running? Nothing was changed.`);
    }
    await tx.exec(buildPositionMap);
    // Positions first: they are looked up in the log by its old ids.
    const storedPositions: RebaseReport['storedPositions'] = [];
    for (const column of columns) storedPositions.push({ ...column, rows: await rebaseColumn(tx, column) });
    const rowsOf = (table: string) => storedPositions.filter((stored) => stored.table === table).reduce((sum, stored) => sum + stored.rows, 0);
    const streams = (
      await tx.query(
        `UPDATE streams AS s SET last_tx_id = m.new_tx FROM rebase_map AS m WHERE m.old_tx = s.last_tx_id AND s.last_tx_id <> m.new_tx`,
      )
    ).rowCount;
    // A stream whose last id is not an event's (none, written this way) must not keep an id from
    // the other cluster: without one, its next append takes its own transaction's.
    await tx.query(`UPDATE streams SET last_tx_id = NULL WHERE last_tx_id >= pg_snapshot_xmin(pg_current_snapshot())`);
    await tx.query(`UPDATE events AS e SET tx_id = m.new_tx FROM rebase_map AS m WHERE m.old_tx = e.tx_id AND e.tx_id <> m.new_tx`);
    const epoch = await advancePositionEpoch(tx);
    return {
      checkpoints: rowsOf('projection_checkpoints'),
      deadLetters: rowsOf('projection_dead_letters'),
      storedPositions: storedPositions.filter((stored) => !runtimeTables.includes(stored.table)),
      streams,
      epoch,
      ids: Number(mapped[0]!.ids),
    };
  });

  const after = await logState(sql);
  return {
    ...report,
    rebased: true,
    highestAfter: after.highest,
    transactionIdsAfter: rewritten.ids,
    streams: rewritten.streams,
    checkpoints: rewritten.checkpoints,
    deadLetters: rewritten.deadLetters,
    storedPositions: rewritten.storedPositions,
    epoch: rewritten.epoch,
  };
}

const runtimeTables = ['projection_checkpoints', 'projection_dead_letters'];

/** Rewrite one column's positions (those of this log's encoding; START and others stay). */
async function rebaseColumn(tx: SqlExecutor, { table, column }: PositionColumn): Promise<number> {
  const name = quoteIdent(column);
  const result = await tx.query(`UPDATE ${quoteIdent(table)} SET ${name} = ${rebasedPosition(name)} WHERE ${name} ~ ${encodedPosition}`);
  return result.rowCount;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface LogState {
  events: number;
  highest: string | null;
  transactionIds: number;
  runs: number;
  next: string;
  xmin: string;
}

async function logState(sql: SqlExecutor): Promise<LogState> {
  const { rows } = await sql.query<{ events: string; highest: string | null; ids: string; runs: string; next: string; xmin: string }>(
    `SELECT count(*) AS events,
       max(tx_id::text::numeric)::text AS highest,
       count(DISTINCT tx_id) AS ids,
       count(*) FILTER (WHERE descends) + 1 AS runs,
       pg_snapshot_xmax(pg_current_snapshot())::text AS next,
       pg_snapshot_xmin(pg_current_snapshot())::text AS xmin
     FROM (
       SELECT tx_id, global_position < lag(global_position) OVER (ORDER BY tx_id, global_position) AS descends FROM events
     ) AS walked`,
  );
  const row = rows[0]!;
  return { events: Number(row.events), highest: row.highest, transactionIds: Number(row.ids), runs: Number(row.runs), next: row.next, xmin: row.xmin };
}

/** Use up `count` transaction ids, each by an empty committed transaction that asks for its id. */
async function advanceTransactionIds(sql: SqlClient, count: number): Promise<number> {
  let done = 0;
  while (done < count) {
    const batch = Math.min(advanceBatch, count - done);
    await sql.exec('BEGIN; SELECT pg_current_xact_id(); COMMIT;\n'.repeat(batch));
    done += batch;
  }
  return done;
}
