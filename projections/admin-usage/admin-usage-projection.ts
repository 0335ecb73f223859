import { assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { hourStart, sessionGapMs } from './admin-usage-rules';
import { adminRecentSongsTable, adminUsageMigration, adminUsageUsersTable } from './admin-usage-tables';
import { type UsageRings, addToRings, emptyRings, windowSums } from './usage-rings';

/** One user's activity in a batch. */
interface UserActivity {
  /** Every activity's instant (epoch ms) in log order: `apply` finds the sessions they start, continuing from the stored last activity. */
  activities: number[];
  /** The latest activity of the batch. */
  lastAt: number;
  lastAtIso: string;
  bytes: number;
  streams: number;
  /** Bytes by hour start (epoch ms); every hour with activity has an entry. */
  hours: Map<number, number>;
}

interface SongPlay {
  userId: number;
  songId: number;
  at: number;
  iso: string;
}

interface StoredUsageRow {
  user_id: number;
  bytes_streamed: string | number;
  streams: string | number;
  last_active_at: Date | string;
  hour_slots: number[];
  hour_bytes: Array<string | number>;
  day_slots: number[];
  day_bytes: Array<string | number>;
  day_sessions: number[];
}

function ringsOf(row: StoredUsageRow): UsageRings {
  return {
    hourSlots: row.hour_slots.map(Number),
    hourBytes: row.hour_bytes.map(Number),
    daySlots: row.day_slots.map(Number),
    dayBytes: row.day_bytes.map(Number),
    daySessions: row.day_sessions.map(Number),
  };
}

export interface AdminUsageChanges {
  users: Map<number, UserActivity>;
  /** By `userId:songId`. */
  songs: Map<string, SongPlay>;
}

function emptyChanges(): AdminUsageChanges {
  return { users: new Map(), songs: new Map() };
}

function recordActivity(changes: AdminUsageChanges, userId: number, iso: string, bytes: number, streams: number): void {
  const at = Date.parse(iso);
  const hour = hourStart(at);
  let user = changes.users.get(userId);
  if (!user) {
    user = { activities: [], lastAt: at, lastAtIso: iso, bytes: 0, streams: 0, hours: new Map() };
    changes.users.set(userId, user);
  } else if (at > user.lastAt) {
    user.lastAt = at;
    user.lastAtIso = iso;
  }
  user.activities.push(at);
  user.bytes += bytes;
  user.streams += streams;
  user.hours.set(hour, (user.hours.get(hour) ?? 0) + bytes);
}

/**
 * Sessions started per hour: in log order, an activity starts one when it is the user's first or comes
 * more than `sessionGapMs` after the previous (`storedLastAt` from earlier batches), so batching never matters.
 */
export function sessionsStarted(activities: readonly number[], storedLastAt: number | undefined): Map<number, number> {
  const started = new Map<number, number>();
  let last = storedLastAt;
  for (const at of activities) {
    if (last === undefined || at > last + sessionGapMs) {
      const hour = hourStart(at);
      started.set(hour, (started.get(hour) ?? 0) + 1);
    }
    if (last === undefined || at > last) last = at;
  }
  return started;
}

function recordSong(changes: AdminUsageChanges, userId: number, songId: number, iso: string): void {
  const at = Date.parse(iso);
  const key = `${userId}:${songId}`;
  const known = changes.songs.get(key);
  if (!known) changes.songs.set(key, { userId, songId, at, iso });
  else if (at > known.at) {
    known.at = at;
    known.iso = iso;
  }
}

/**
 * Per-user usage for the admin Usage tab (spec 001 section 2.9): totals, last activity, the recent
 * rings (usage-rings.ts) and the songs played last. Windows are summed at query time, so they move
 * with the clock.
 */
export const adminUsage = defineProjection({
  name: 'admin-usage',
  version: 3,
  eventTypes: ['StemStreamed', 'UserSignedIn', 'SongPlayed'],
  reads: {
    StemStreamed: { data: ['userId', 'songId', 'bytesSent'], metadata: ['occurredAt'] },
    UserSignedIn: { data: ['userId'], metadata: ['occurredAt'] },
    SongPlayed: { data: ['userId', 'songId'], metadata: ['occurredAt'] },
  },
  // Changes are a row per user and per user and song, however many events: fewer, larger writes.
  eventsPerWrite: 500_000,
  tables: [adminUsageUsersTable, adminRecentSongsTable],
  migration: adminUsageMigration,

  fold(events, changes: AdminUsageChanges = emptyChanges()) {
    for (const event of events) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'StemStreamed':
          recordActivity(changes, event.data.userId, at, event.data.bytesSent, 1);
          recordSong(changes, event.data.userId, event.data.songId, at);
          break;
        case 'SongPlayed':
          recordActivity(changes, event.data.userId, at, 0, 0);
          recordSong(changes, event.data.userId, event.data.songId, at);
          break;
        case 'UserSignedIn':
          recordActivity(changes, event.data.userId, at, 0, 0);
          break;
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: AdminUsageChanges, tables) {
    if (changes.users.size > 0) {
      const table = tables[adminUsageUsersTable];
      const { rows } = await tx.query<StoredUsageRow>(
        `SELECT user_id, bytes_streamed, streams, last_active_at, hour_slots, hour_bytes, day_slots, day_bytes, day_sessions FROM ${table} WHERE user_id = ANY($1::integer[])`,
        [[...changes.users.keys()]],
      );
      const stored = new Map(rows.map((row) => [Number(row.user_id), row]));
      const records = [...changes.users].map(([userId, user]) => {
        const row = stored.get(userId);
        const storedLastAt = row ? new Date(row.last_active_at).getTime() : undefined;
        const started = sessionsStarted(user.activities, storedLastAt);
        const rings = addToRings(row ? ringsOf(row) : emptyRings(), user.hours, started);
        const sums = windowSums(rings);
        const lastAt = storedLastAt === undefined ? user.lastAt : Math.max(storedLastAt, user.lastAt);
        return {
          user_id: userId,
          bytes_streamed: Number(row?.bytes_streamed ?? 0) + user.bytes,
          streams: Number(row?.streams ?? 0) + user.streams,
          last_active_at: new Date(lastAt).toISOString(),
          last_active_iso: new Date(lastAt).toISOString(),
          hour_slots: rings.hourSlots,
          hour_bytes: rings.hourBytes,
          day_slots: rings.daySlots,
          day_bytes: rings.dayBytes,
          day_sessions: rings.daySessions,
          latest_hour: sums.latestHour,
          hour_window_bytes: sums.hourWindowBytes,
          latest_day: sums.latestDay,
          day_window_bytes: sums.dayWindowBytes,
          day_window_sessions: sums.dayWindowSessions,
        };
      });
      // Every column is computed above from the stored row read in this transaction: the upsert writes it whole.
      await tx.query(
        `INSERT INTO ${table} AS u (user_id, bytes_streamed, streams, last_active_at, last_active_iso, hour_slots, hour_bytes, day_slots, day_bytes,
           day_sessions, latest_hour, hour_window_bytes, latest_day, day_window_bytes, day_window_sessions)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(user_id integer, bytes_streamed bigint, streams bigint, last_active_at timestamptz,
           last_active_iso text, hour_slots integer[], hour_bytes bigint[], day_slots integer[], day_bytes bigint[], day_sessions integer[],
           latest_hour integer, hour_window_bytes bigint[], latest_day integer, day_window_bytes bigint[], day_window_sessions integer[])
         ON CONFLICT (user_id) DO UPDATE SET
           bytes_streamed = excluded.bytes_streamed, streams = excluded.streams,
           last_active_at = excluded.last_active_at, last_active_iso = excluded.last_active_iso,
           hour_slots = excluded.hour_slots, hour_bytes = excluded.hour_bytes,
           day_slots = excluded.day_slots, day_bytes = excluded.day_bytes, day_sessions = excluded.day_sessions,
           latest_hour = excluded.latest_hour, hour_window_bytes = excluded.hour_window_bytes,
           latest_day = excluded.latest_day, day_window_bytes = excluded.day_window_bytes, day_window_sessions = excluded.day_window_sessions`,
        [JSON.stringify(records)],
      );
    }
    if (changes.songs.size > 0) {
      const plays = [...changes.songs.values()];
      await tx.query(
        `INSERT INTO ${tables[adminRecentSongsTable]} AS s (user_id, song_id, last_played_at)
         SELECT * FROM unnest($1::integer[], $2::integer[], $3::timestamptz[])
         ON CONFLICT (user_id, song_id) DO UPDATE SET last_played_at = greatest(s.last_played_at, excluded.last_played_at)`,
        [plays.map((play) => play.userId), plays.map((play) => play.songId), plays.map((play) => play.iso)],
      );
    }
  },
});
