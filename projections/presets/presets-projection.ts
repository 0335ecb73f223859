import { type CompletePresetData, assertNever, completePresetData, presetPracticeDefaults } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { songPresetsMigration, songPresetsTable } from './presets-tables';

interface PresetChange {
  userId: number;
  songId: number;
  /** null after a reset. */
  presetData: CompletePresetData | null;
  at: string;
  position: string;
}

/** The last change of a batch per `userId:songId`. */
export type PresetsChanges = Map<string, PresetChange>;

/** Each user's saved preset per song (Pro), reset ones kept as tombstones for sync. */
export const presets = defineProjection({
  name: 'presets',
  // 2: tempo and transpose columns (the practice tools, decision 0032).
  version: 2,
  eventTypes: ['SongPresetSaved', 'SongPresetReset'],
  tables: [songPresetsTable],
  migration: songPresetsMigration,

  fold(events, changes: PresetsChanges = new Map()) {
    for (const event of events) {
      const { userId, songId } = event.data;
      const change = { userId, songId, at: event.metadata.occurredAt, position: event.position };
      switch (event.type) {
        case 'SongPresetSaved':
          changes.set(`${userId}:${songId}`, { ...change, presetData: completePresetData(event.data.presetData) });
          break;
        case 'SongPresetReset':
          changes.set(`${userId}:${songId}`, { ...change, presetData: null });
          break;
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: PresetsChanges, tables) {
    if (changes.size === 0) return;
    const rows = [...changes.values()].map((change) => ({
      user_id: change.userId,
      song_id: change.songId,
      volumes: change.presetData?.volumes ?? {},
      mutes: change.presetData?.mutes ?? {},
      tempo: change.presetData?.tempo ?? presetPracticeDefaults.tempo,
      transpose: change.presetData?.transpose ?? presetPracticeDefaults.transpose,
      deleted: change.presetData === null,
      changed_at: change.at,
      position: change.position,
    }));
    await tx.query(
      `INSERT INTO ${tables[songPresetsTable]} (user_id, song_id, volumes, mutes, tempo, transpose, deleted, changed_at, position)
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS c(user_id integer, song_id integer, volumes jsonb, mutes jsonb, tempo double precision, transpose integer, deleted boolean,
           changed_at timestamptz, position text)
       ON CONFLICT (user_id, song_id) DO UPDATE SET
         volumes = excluded.volumes, mutes = excluded.mutes, tempo = excluded.tempo, transpose = excluded.transpose, deleted = excluded.deleted,
         changed_at = excluded.changed_at, position = excluded.position`,
      [JSON.stringify(rows)],
    );
  },
});
