import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { songsTable } from '../songs/songs-tables';
import { subscriptionsTable } from '../subscriptions/subscriptions-tables';
import { usersTable } from '../users/users-tables';
import { hourMs } from './admin-usage-rules';
import { adminRecentSongsTable, adminUsageUsersTable } from './admin-usage-tables';
import { dayMs, daysPerWindow, hoursPerWindow } from './usage-rings';

/** One window's figure from its precomputed sums; activity after `now` counts as now. */
function windowFigure(latest: string, sums: string, length: number, now: string): string {
  return `coalesce(CASE WHEN ${now} - t.${latest} < ${length} THEN t.${sums}[${length} - greatest(${now} - t.${latest}, 0)] ELSE 0 END, 0)`;
}

/**
 * Every account's usage at `now` (AdminUsageRow), most streamed first (ties by id), as one JSON array
 * built by the database: one string instead of many fields to decode.
 */
export async function adminUsageJson(sql: SqlExecutor, now: Date): Promise<string> {
  const hour = Math.floor(now.getTime() / hourMs);
  const day = Math.floor(now.getTime() / dayMs);
  const { rows } = await sql.query<{ usage: string | null }>(
    `WITH pro AS (
       SELECT DISTINCT user_id FROM ${subscriptionsTable} WHERE status <> 'ended' AND current_period_end > $3::timestamptz
     )
     SELECT json_agg(json_build_object(
         'id', u.user_id,
         'email', u.email,
         'isPro', p.user_id IS NOT NULL,
         'lastActive', t.last_active_iso,
         'usage24h', ${windowFigure('latest_hour', 'hour_window_bytes', hoursPerWindow, '$1::integer')},
         'usage7d', ${windowFigure('latest_day', 'day_window_bytes', daysPerWindow, '$2::integer')},
         'sessions7d', ${windowFigure('latest_day', 'day_window_sessions', daysPerWindow, '$2::integer')},
         'totalBytesStreamed', coalesce(t.bytes_streamed, 0))
       ORDER BY coalesce(t.bytes_streamed, 0) DESC, u.user_id)::text AS usage
     FROM ${usersTable} u
     LEFT JOIN ${adminUsageUsersTable} t ON t.user_id = u.user_id
     LEFT JOIN pro p ON p.user_id = u.user_id`,
    [hour, day, now.toISOString()],
  );
  return rows[0]?.usage ?? '[]';
}

/** A song a user played, for the Last Active tooltip. */
export interface RecentSong {
  songId: number;
  /** The catalogue's title; `Song <id>` for a song the catalogue does not (or no longer) know. */
  songTitle: string;
  lastPlayedAt: Date;
}

/** The `limit` songs the user played last, most recent first (a song once, at its latest play). */
export async function recentSongsOf(sql: SqlExecutor, userId: number, limit: number): Promise<RecentSong[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const { rows } = await sql.query<{ song_id: number; title: string | null; last_played_at: Date | string }>(
    `SELECT r.song_id, s.title, r.last_played_at
     FROM ${adminRecentSongsTable} r LEFT JOIN ${songsTable} s ON s.song_id = r.song_id
     WHERE r.user_id = $1
     ORDER BY r.last_played_at DESC, r.song_id DESC
     LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({ songId: Number(row.song_id), songTitle: row.title ?? `Song ${row.song_id}`, lastPlayedAt: new Date(row.last_played_at) }));
}
