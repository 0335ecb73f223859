import type { TakeScope } from '../../events/catalog';
import type { Position } from '../../events/store/event-store';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { songsTable } from '../songs/songs-tables';
import { takesTable } from './takes-tables';

/** One take's metadata, or its tombstone once deleted. */
export interface TakeRecord {
  takeId: string;
  userId: number;
  songId: number;
  name: string;
  recordedAt: Date;
  localDate: string;
  durationSeconds: number;
  startSeconds: number;
  tempo: number;
  transpose: number;
  scope: TakeScope;
  range: { startSeconds: number; endSeconds: number } | null;
  latencySeconds: number;
  deleted: boolean;
  changedAt: Date;
  /** Log position of the event that last changed it. */
  position: Position;
}

interface TakeRow {
  take_id: string;
  user_id: number;
  song_id: number;
  name: string;
  recorded_at: Date | string;
  local_date: string;
  duration_seconds: number;
  start_seconds: number;
  tempo: number;
  transpose: number;
  scope: TakeScope;
  range_start: number | null;
  range_end: number | null;
  latency_seconds: number;
  deleted: boolean;
  changed_at: Date | string;
  position: string;
}

const columns = `take_id::text AS take_id, user_id, song_id, name, recorded_at, local_date::text AS local_date, duration_seconds, start_seconds, tempo,
  transpose, scope, range_start, range_end, latency_seconds, deleted, changed_at, position`;

/** The user's takes (tombstones included) changed after `after`, in log order: a sync pull page. */
export async function listTakeChanges(sql: SqlExecutor, userId: number, after: Position, limit: number): Promise<TakeRecord[]> {
  const { rows } = await sql.query<TakeRow>(`SELECT ${columns} FROM ${takesTable} WHERE user_id = $1 AND position > $2 ORDER BY position LIMIT $3`, [userId, after, limit]);
  return rows.map(toTake);
}

/** Takes of any of `userIds` changed after `after`, in log order; at most `limit`. */
export async function listTakeChangesOfUsers(sql: SqlExecutor, userIds: readonly number[], after: Position, limit: number): Promise<TakeRecord[]> {
  const { rows } = await sql.query<TakeRow>(
    `SELECT ${columns} FROM ${takesTable} WHERE position > $1 AND user_id = ANY($2::integer[]) ORDER BY position LIMIT $3`,
    [after, [...userIds], limit],
  );
  return rows.map(toTake);
}

/** The newest position of any take row ('' when there is none). */
export async function latestTakePosition(sql: SqlExecutor): Promise<Position> {
  const { rows } = await sql.query<{ position: string | null }>(`SELECT max(position) AS position FROM ${takesTable}`);
  return rows[0]?.position ?? '';
}

/** Who recorded each of the given takes, for those the read model knows. */
export async function takeOwners(sql: SqlExecutor, takeIds: readonly string[]): Promise<Map<string, number>> {
  if (takeIds.length === 0) return new Map();
  const { rows } = await sql.query<{ take_id: string; user_id: number }>(
    `SELECT take_id::text AS take_id, user_id FROM ${takesTable} WHERE take_id = ANY($1::uuid[])`,
    [[...new Set(takeIds)]],
  );
  return new Map(rows.map((row) => [row.take_id, Number(row.user_id)]));
}

/** One take as the practice log lists it. */
export interface TakeSummary {
  takeId: string;
  name: string;
  recordedAt: string;
  durationSeconds: number;
  tempo: number;
  transpose: number;
}

/** The takes of one song: how many, and the newest few. */
export interface SongTakes {
  songId: number;
  /** null when the song is no longer known to the library. */
  title: string | null;
  count: number;
  totalSeconds: number;
  lastRecordedAt: string;
  /** Newest first. */
  recent: TakeSummary[];
}

/** The user's takes per song (deleted ones left out), most recently recorded first. */
export async function takesPerSong(sql: SqlExecutor, userId: number, options: { songs?: number; recent?: number } = {}): Promise<SongTakes[]> {
  const { rows } = await sql.query<{
    song_id: number;
    title: string | null;
    count: string | number;
    total_seconds: number;
    last_recorded_at: Date | string;
    recent: Array<{ takeId: string; name: string; recordedAt: string; durationSeconds: number; tempo: number; transpose: number }>;
  }>(
    `WITH ranked AS (
       SELECT t.*, row_number() OVER (PARTITION BY song_id ORDER BY recorded_at DESC, take_id) AS rank
       FROM ${takesTable} t WHERE user_id = $1 AND NOT deleted
     )
     SELECT r.song_id, s.title, count(*) AS count, sum(r.duration_seconds) AS total_seconds, max(r.recorded_at) AS last_recorded_at,
       coalesce(jsonb_agg(jsonb_build_object('takeId', r.take_id, 'name', r.name, 'recordedAt', r.recorded_at, 'durationSeconds', r.duration_seconds,
         'tempo', r.tempo, 'transpose', r.transpose) ORDER BY r.rank) FILTER (WHERE r.rank <= $3), '[]'::jsonb) AS recent
     FROM ranked r LEFT JOIN ${songsTable} s ON s.song_id = r.song_id
     GROUP BY r.song_id, s.title
     ORDER BY max(r.recorded_at) DESC, r.song_id
     LIMIT $2`,
    [userId, options.songs ?? 20, options.recent ?? 5],
  );
  return rows.map((row) => ({
    songId: Number(row.song_id),
    title: row.title,
    count: Number(row.count),
    totalSeconds: Number(row.total_seconds),
    lastRecordedAt: new Date(row.last_recorded_at).toISOString(),
    recent: row.recent.map((take) => ({ ...take, recordedAt: new Date(take.recordedAt).toISOString() })),
  }));
}

function toTake(row: TakeRow): TakeRecord {
  return {
    takeId: row.take_id,
    userId: Number(row.user_id),
    songId: Number(row.song_id),
    name: row.name,
    recordedAt: new Date(row.recorded_at),
    localDate: row.local_date,
    durationSeconds: Number(row.duration_seconds),
    startSeconds: Number(row.start_seconds),
    tempo: Number(row.tempo),
    transpose: Number(row.transpose),
    scope: row.scope,
    range: row.range_start === null || row.range_end === null ? null : { startSeconds: Number(row.range_start), endSeconds: Number(row.range_end) },
    latencySeconds: Number(row.latency_seconds),
    deleted: row.deleted,
    changedAt: new Date(row.changed_at),
    position: row.position,
  };
}
