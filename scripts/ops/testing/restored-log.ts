import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { creditReservationMigrations } from '../../../api/credits/credit-reservations-schema';
import { pullPage } from '../../../api/features/sync/sync-pull';
import { newEvent } from '../../../events/catalog';
import type { EventStore } from '../../../events/store/event-store';
import { runMigrations } from '../../../events/store/postgres/migrations';
import type { SqlClient, SqlExecutor } from '../../../events/store/postgres/sql-client';
import { positionSql } from '../../../events/store/postgres/sql-position';
import { credits } from '../../../projections/credits/credits-projection';
import { presets } from '../../../projections/presets/presets-projection';
import { type Generation, findGeneration } from '../../../projections/runtime/generations';
import type { Projection } from '../../../projections/runtime/projection-definition';
import { startProjectionHost } from '../../../projections/runtime/projection-host';
import { rebuildProjection } from '../../../projections/runtime/rebuild';
import { stemStreamed } from '../../../projections/testing/stem-streamed';
import { userEventHistory } from '../../../projections/user-event-history/user-event-history-projection';
import { compareGenerations } from '../compare-generations';
import { findPositionColumns } from '../position-columns';

/** The read models a restore test follows: rows with positions (presets, credits, the audit). */
export const restoredProjections: readonly Projection[] = [presets, credits, userEventHistory];

export function presetSaved(userId: number, songId: number): ReturnType<typeof newEvent> {
  const eventId = randomUUID();
  return newEvent(
    'SongPresetSaved',
    { userId, songId, presetData: { volumes: { bass: songId / 10 }, mutes: {} } },
    { eventId, occurredAt: new Date().toISOString(), userId, requestId: `r-${eventId}`, causationId: `r-${eventId}`, correlationId: `r-${eventId}` },
  );
}

/** Run the restore test's projections until they have folded the whole log, then stop them. */
export async function foldRestoredProjections(sql: SqlClient, store: EventStore): Promise<void> {
  const host = await startProjectionHost({ sql, store, projections: restoredProjections, pollMs: 30, waitPollMs: 20 });
  try {
    const head = await store.headPosition();
    for (const projection of restoredProjections) await host.waitForPosition(projection.name, head, { timeoutMs: 30_000 });
  } finally {
    await host.stop();
  }
}

/**
 * A database as a restore finds it: events of two users, their read models folded, three presets
 * of user 1 and a settled credit reservation at user 1's last stream.
 */
export async function seedRestorableDatabase(sql: SqlClient, store: EventStore): Promise<void> {
  await runMigrations(sql, [creditReservationMigrations]);
  await store.append('metering-user-1', [stemStreamed({ userId: 1, bytesSent: 1000 }), stemStreamed({ userId: 1, bytesSent: 2000 })], { expectedVersion: 'any' });
  await store.append('metering-user-2', [stemStreamed({ userId: 2, bytesSent: 3000 })], { expectedVersion: 'any' });
  for (const songId of [1, 2, 3]) await store.append(`preset-1-${songId}`, [presetSaved(1, songId)], { expectedVersion: 'any' });
  const last = await store.append('metering-user-1', [stemStreamed({ userId: 1, bytesSent: 500 })], { expectedVersion: 'any' });
  await foldRestoredProjections(sql, store);
  await sql.query(
    `INSERT INTO credit_reservations (id, user_id, bytes, settled_at, settled_position, created_at, expires_at)
     VALUES ($1, 1, 500, now(), $2, now(), now() + interval '1 hour')`,
    [randomUUID(), last.position],
  );
}

/**
 * Move every transaction id, and every position stored beside the log, `by` ids up: what a
 * pg_dump of an older cluster brings into a younger one.
 */
export async function shiftToAnotherCluster(sql: SqlExecutor, by: bigint): Promise<void> {
  const shift = (column: string) => `(${column}::text::numeric + ${by})::text::xid8`;
  await sql.query(`UPDATE events SET tx_id = ${shift('tx_id')}`);
  await sql.query(`UPDATE streams SET last_tx_id = ${shift('last_tx_id')}`);
  for (const { table, column } of await findPositionColumns(sql)) {
    const moved = positionSql(shift(`(split_part(${column}, '/', 1)::numeric)`), `split_part(${column}, '/', 2)::bigint`);
    await sql.query(`UPDATE ${table} SET ${column} = ${moved} WHERE ${column} ~ '^[0-9]{20}/[0-9]{20}$'`);
  }
}

/** Stored positions whose transaction id this database has not reached: none may be left after a rebase. */
export async function positionsFromAnotherCluster(sql: SqlExecutor): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await findPositionColumns(sql)) {
    const { rows } = await sql.query<{ position: string }>(
      `SELECT ${column} AS position FROM ${table}
       WHERE ${column} ~ '^[0-9]{20}/[0-9]{20}$' AND split_part(${column}, '/', 1)::numeric >= pg_snapshot_xmin(pg_current_snapshot())::text::numeric`,
    );
    found.push(...rows.map((row) => `${table}.${column} ${row.position}`));
  }
  return found;
}

/** A sync client's checkpoints from before the restore: one mid-way through user 1's presets, one at the end. */
export async function oldClientCheckpoints(sql: SqlExecutor): Promise<{ midway: string; end: string }> {
  const first = await pullPage(sql, 'presets', 1, undefined, 2);
  const rest = await pullPage(sql, 'presets', 1, first.checkpoint!.position, 100);
  expect(rest.documents.map((document) => document.id)).toEqual(['3']);
  return { midway: first.checkpoint!.position, end: rest.checkpoint!.position };
}

/** After the restore and the rebase, and one more preset: what an app and its clients see. */
export async function expectRestoredDatabaseConsistent(sql: SqlClient, store: EventStore, old: { midway: string; end: string }): Promise<void> {
  await store.append('preset-1-4', [presetSaved(1, 4)], { expectedVersion: 'any' });
  const newest = await store.append('metering-user-1', [stemStreamed({ userId: 1, bytesSent: 700 })], { expectedVersion: 'any' });
  await foldRestoredProjections(sql, store);
  expect(await positionsFromAnotherCluster(sql)).toEqual([]);

  // A client holding an old checkpoint starts over, and from there follows the new numbers.
  for (const checkpoint of [old.midway, old.end]) {
    const page = await pullPage(sql, 'presets', 1, checkpoint, 100);
    expect(page.documents.map((document) => document.id)).toEqual(['1', '2', '3', '4']);
    expect(page.checkpoint!.position).toMatch(/^e1:\d{20}\/\d{20}$/);
    expect((await pullPage(sql, 'presets', 1, page.checkpoint!.position, 100)).documents).toEqual([]);
  }

  // The audit page lists the newest event first.
  const { rows: newestAudit } = await sql.query<{ position: string }>(`SELECT position FROM user_events WHERE user_id = 1 ORDER BY position DESC LIMIT 1`);
  expect(newestAudit[0]!.position).toBe(newest.position);

  // The settled hold is behind the credits read model: the credit gate no longer counts it.
  const { rows: held } = await sql.query<{ held: string }>(
    `SELECT count(*) AS held FROM credit_reservations AS r
     WHERE r.settled_position > coalesce((SELECT a.position FROM credit_accounts AS a WHERE a.user_id = r.user_id), '')`,
  );
  expect(Number(held[0]!.held)).toBe(0);

  // A fresh replay of each read model equals the live one, row for row, positions included.
  for (const projection of restoredProjections) {
    let compared: Awaited<ReturnType<typeof compareGenerations>> | undefined;
    const outcome = await rebuildProjection(sql, store, projection, {
      beforeSwap: async (building: Generation) => {
        compared = await compareGenerations(sql, await findGeneration(sql, projection, 'live'), building);
      },
    });
    expect(outcome.kind).toBe('swapped');
    const differences = compared!.map(({ table, rowsBefore, changed, onlyBefore, onlyAfter }) => ({ table, rowsBefore, changed, onlyBefore, onlyAfter }));
    expect(differences).toEqual(differences.map((table) => ({ ...table, changed: 0, onlyBefore: 0, onlyAfter: 0 })));
    expect(differences.some((table) => table.rowsBefore > 0)).toBe(true);
  }
}
