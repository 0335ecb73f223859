import { type DataOf, assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { takesMigration, takesTable } from './takes-tables';

type Recorded = DataOf<'TakeRecorded'>;

/** A take first seen in this batch: its whole row. */
interface NewTake extends Recorded {
  deleted: boolean;
  at: string;
  position: string;
}

/** A later change of a take recorded in an earlier batch. */
interface TakeEdit {
  userId: number;
  takeId: string;
  name: string | null;
  deleted: boolean;
  at: string;
  position: string;
}

/** One batch's rows: new takes whole (with what later events of the batch changed), edits of older ones. */
export interface TakesChanges {
  recorded: Map<string, NewTake>;
  edits: Map<string, TakeEdit>;
}

/** Each user's takes (metadata only), deleted ones kept as tombstones for sync. */
export const takes = defineProjection({
  name: 'takes',
  version: 1,
  eventTypes: ['TakeRecorded', 'TakeRenamed', 'TakeDeleted'],
  tables: [takesTable],
  migration: takesMigration,

  fold(events, changes: TakesChanges = { recorded: new Map(), edits: new Map() }) {
    for (const event of events) {
      const at = event.metadata.occurredAt;
      const { position } = event;
      switch (event.type) {
        case 'TakeRecorded':
          // A take id is its owner's: the decision never records one twice, and the row keeps the first.
          if (!changes.recorded.has(event.data.takeId)) changes.recorded.set(event.data.takeId, { ...event.data, deleted: false, at, position });
          break;
        case 'TakeRenamed':
        case 'TakeDeleted': {
          const { userId, takeId } = event.data;
          const name = event.type === 'TakeRenamed' ? event.data.name : null;
          const deleted = event.type === 'TakeDeleted';
          const fresh = changes.recorded.get(takeId);
          if (fresh && fresh.userId === userId) {
            changes.recorded.set(takeId, { ...fresh, name: name ?? fresh.name, deleted: fresh.deleted || deleted, at, position });
            break;
          }
          // Keyed by user too: another user's event naming the id must not mix into the owner's edit.
          const editKey = `${userId}:${takeId}`;
          const edit = changes.edits.get(editKey);
          changes.edits.set(editKey, { userId, takeId, name: name ?? edit?.name ?? null, deleted: deleted || (edit?.deleted ?? false), at, position });
          break;
        }
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: TakesChanges, tables) {
    if (changes.recorded.size > 0) {
      const rows = [...changes.recorded.values()].map((take) => ({
        take_id: take.takeId,
        user_id: take.userId,
        song_id: take.songId,
        name: take.name,
        recorded_at: take.recordedAt,
        local_date: take.localDate,
        duration_seconds: take.durationSeconds,
        start_seconds: take.startSeconds,
        tempo: take.tempo,
        transpose: take.transpose,
        scope: take.scope,
        range_start: take.range?.startSeconds ?? null,
        range_end: take.range?.endSeconds ?? null,
        latency_seconds: take.latencySeconds,
        deleted: take.deleted,
        changed_at: take.at,
        position: take.position,
      }));
      await tx.query(
        `INSERT INTO ${tables[takesTable]} (take_id, user_id, song_id, name, recorded_at, local_date, duration_seconds, start_seconds, tempo, transpose,
           scope, range_start, range_end, latency_seconds, deleted, changed_at, position)
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS c(take_id uuid, user_id integer, song_id integer, name text, recorded_at timestamptz, local_date date, duration_seconds double precision,
             start_seconds double precision, tempo double precision, transpose integer, scope text, range_start double precision,
             range_end double precision, latency_seconds double precision, deleted boolean, changed_at timestamptz, position text)
         ON CONFLICT (take_id) DO NOTHING`,
        [JSON.stringify(rows)],
      );
    }
    if (changes.edits.size > 0) {
      // Only the owner's events change a row: another user's event naming the id is passed over.
      await tx.query(
        `UPDATE ${tables[takesTable]} AS t SET
           name = coalesce(e.name, t.name), deleted = t.deleted OR e.deleted, changed_at = e.at, position = e.position
         FROM jsonb_to_recordset($1::jsonb) AS e("takeId" uuid, "userId" integer, name text, deleted boolean, at timestamptz, position text)
         WHERE t.take_id = e."takeId" AND t.user_id = e."userId"`,
        [JSON.stringify([...changes.edits.values()])],
      );
    }
  },
});
