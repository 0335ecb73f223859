import type { CompletePresetData } from '../../events/catalog';
import type { Position } from '../../events/store/event-store';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { songPresetsTable } from './presets-tables';

/** One user's preset for one song, or its tombstone after a reset. */
export interface PresetRecord {
  songId: number;
  /** Tempo and transpose filled in (1 and 0 for a preset saved without them). */
  presetData: CompletePresetData;
  /** True after a reset: there is no preset (the row remains so sync can tell clients). */
  deleted: boolean;
  changedAt: Date;
  /** Log position of the event that last changed it. */
  position: Position;
}

interface PresetRow {
  song_id: number;
  volumes: CompletePresetData['volumes'];
  mutes: CompletePresetData['mutes'];
  tempo: number;
  transpose: number;
  deleted: boolean;
  changed_at: Date | string;
  position: string;
}

const columns = 'song_id, volumes, mutes, tempo, transpose, deleted, changed_at, position';

/** The user's saved preset for the song; undefined when there is none (never saved, or reset). */
export async function findPreset(sql: SqlExecutor, userId: number, songId: number): Promise<PresetRecord | undefined> {
  const { rows } = await sql.query<PresetRow>(`SELECT ${columns} FROM ${songPresetsTable} WHERE user_id = $1 AND song_id = $2 AND NOT deleted`, [
    userId,
    songId,
  ]);
  return rows[0] && toPreset(rows[0]);
}

/** The user's presets (tombstones included) changed after `after`, in log order: a sync pull page. */
export async function listPresetChanges(sql: SqlExecutor, userId: number, after: Position, limit: number): Promise<PresetRecord[]> {
  const { rows } = await sql.query<PresetRow>(
    `SELECT ${columns} FROM ${songPresetsTable} WHERE user_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
    [userId, after, limit],
  );
  return rows.map(toPreset);
}

/** Presets of any of `userIds` changed after `after`, in log order, with their owner; at most `limit`. */
export async function listPresetChangesOfUsers(
  sql: SqlExecutor,
  userIds: readonly number[],
  after: Position,
  limit: number,
): Promise<Array<PresetRecord & { userId: number }>> {
  const { rows } = await sql.query<PresetRow & { user_id: number }>(
    `SELECT user_id, ${columns} FROM ${songPresetsTable} WHERE position > $1 AND user_id = ANY($2::integer[]) ORDER BY position LIMIT $3`,
    [after, [...userIds], limit],
  );
  return rows.map((row) => ({ ...toPreset(row), userId: Number(row.user_id) }));
}

/** The newest position of any preset row (START when there is none). */
export async function latestPresetPosition(sql: SqlExecutor): Promise<Position> {
  const { rows } = await sql.query<{ position: string | null }>(`SELECT max(position) AS position FROM ${songPresetsTable}`);
  return rows[0]?.position ?? '';
}

function toPreset(row: PresetRow): PresetRecord {
  return {
    songId: Number(row.song_id),
    presetData: { volumes: row.volumes, mutes: row.mutes, tempo: Number(row.tempo), transpose: Number(row.transpose) },
    deleted: row.deleted,
    changedAt: new Date(row.changed_at),
    position: row.position,
  };
}
