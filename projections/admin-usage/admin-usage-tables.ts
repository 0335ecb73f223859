import type { GenerationTables } from '../runtime/projection-definition';
import { createTable } from '../table-ddl';

/** One row per ever-active user: totals, last activity (where sessions start) and usage rings. */
export const adminUsageUsersTable = 'admin_usage_users';
/** The songs a user played, each with the last time it was played (the Last Active tooltip). */
export const adminRecentSongsTable = 'admin_recent_songs';

export type AdminUsageTable = typeof adminUsageUsersTable | typeof adminRecentSongsTable;

/**
 * Version 3: rings of hour and day slots (-1: empty) with their figures, plus precomputed window sums
 * (usage-rings.ts, `WindowSums`) so a request reads one element per window.
 */
export function adminUsageMigration(tables: GenerationTables<AdminUsageTable>): string {
  return [
    createTable(tables[adminUsageUsersTable], `
  user_id integer PRIMARY KEY,
  bytes_streamed bigint NOT NULL CHECK (bytes_streamed >= 0),
  streams bigint NOT NULL CHECK (streams >= 0),
  last_active_at timestamptz NOT NULL,
  last_active_iso text NOT NULL,
  hour_slots integer[] NOT NULL,
  hour_bytes bigint[] NOT NULL,
  day_slots integer[] NOT NULL,
  day_bytes bigint[] NOT NULL,
  day_sessions integer[] NOT NULL,
  latest_hour integer NOT NULL,
  hour_window_bytes bigint[] NOT NULL,
  latest_day integer NOT NULL,
  day_window_bytes bigint[] NOT NULL,
  day_window_sessions integer[] NOT NULL
`),
    createTable(tables[adminRecentSongsTable], `
  user_id integer NOT NULL,
  song_id integer NOT NULL,
  last_played_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, song_id)
`, { latest: 'user_id, last_played_at DESC, song_id DESC' }),
  ].join('');
}
