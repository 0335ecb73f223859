import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { practiceDaysTable, practiceLogMigration, practiceLoopsTable, practiceSongDaysTable, practiceSongsTable } from './practice-log-tables';

interface DayDelta {
  userId: number;
  localDate: string;
  seconds: number;
  sessions: number;
}

interface SongDelta {
  userId: number;
  songId: number;
  seconds: number;
  sessions: number;
  lastPractisedAt: string;
}

interface LoopDelta {
  userId: number;
  songId: number;
  loopStart: number;
  loopEnd: number;
  localDate: string;
  bestTempo: number;
  seconds: number;
}

interface SongDayDelta {
  userId: number;
  songId: number;
  localDate: string;
  bestTempo: number;
  seconds: number;
  sessions: number;
}

/** One batch's additions, keyed so each row is written once per batch. */
export interface PracticeLogChanges {
  days: Map<string, DayDelta>;
  songs: Map<string, SongDelta>;
  loops: Map<string, LoopDelta>;
  songDays: Map<string, SongDayDelta>;
}

const sessionEnd = (startedAt: string, seconds: number) => new Date(Date.parse(startedAt) + seconds * 1000).toISOString();

/** Time practised per local day and song, and the best tempo per loop and day and per song and day, as running totals. */
export const practiceLog = defineProjection({
  name: 'practice-log',
  // 2: the best tempo per song and day (the tempo progression across sessions).
  version: 2,
  eventTypes: ['PracticeSessionRecorded'],
  // Appended to `practice-user-<id>` only; every row is one user's (by day, song, loop).
  partitionedBy: 'owner',
  tables: [practiceDaysTable, practiceSongsTable, practiceLoopsTable, practiceSongDaysTable],
  migration: practiceLogMigration,

  fold(events, changes: PracticeLogChanges = { days: new Map(), songs: new Map(), loops: new Map(), songDays: new Map() }) {
    for (const event of events) {
      const { userId, songId, localDate, secondsPractised: seconds, tempo, loop, startedAt } = event.data;
      const dayKey = `${userId}:${localDate}`;
      const day = changes.days.get(dayKey);
      if (day) {
        day.seconds += seconds;
        day.sessions += 1;
      } else {
        changes.days.set(dayKey, { userId, localDate, seconds, sessions: 1 });
      }

      const ended = sessionEnd(startedAt, seconds);
      const songKey = `${userId}:${songId}`;
      const song = changes.songs.get(songKey);
      if (song) {
        song.seconds += seconds;
        song.sessions += 1;
        if (ended > song.lastPractisedAt) song.lastPractisedAt = ended;
      } else {
        changes.songs.set(songKey, { userId, songId, seconds, sessions: 1, lastPractisedAt: ended });
      }

      const songDayKey = `${userId}:${songId}:${localDate}`;
      const songDay = changes.songDays.get(songDayKey);
      if (songDay) {
        songDay.bestTempo = Math.max(songDay.bestTempo, tempo);
        songDay.seconds += seconds;
        songDay.sessions += 1;
      } else {
        changes.songDays.set(songDayKey, { userId, songId, localDate, bestTempo: tempo, seconds, sessions: 1 });
      }

      if (loop) {
        const loopKey = `${userId}:${songId}:${loop.startSeconds}:${loop.endSeconds}:${localDate}`;
        const row = changes.loops.get(loopKey);
        if (row) {
          row.bestTempo = Math.max(row.bestTempo, tempo);
          row.seconds += seconds;
        } else {
          changes.loops.set(loopKey, { userId, songId, loopStart: loop.startSeconds, loopEnd: loop.endSeconds, localDate, bestTempo: tempo, seconds });
        }
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: PracticeLogChanges, tables) {
    if (changes.days.size > 0) {
      await tx.query(
        `INSERT INTO ${tables[practiceDaysTable]} AS current (user_id, local_date, seconds, sessions)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS c("userId" integer, "localDate" date, seconds bigint, sessions integer)
         ON CONFLICT (user_id, local_date) DO UPDATE SET
           seconds = current.seconds + excluded.seconds, sessions = current.sessions + excluded.sessions`,
        [JSON.stringify([...changes.days.values()])],
      );
    }
    if (changes.songs.size > 0) {
      await tx.query(
        `INSERT INTO ${tables[practiceSongsTable]} AS current (user_id, song_id, seconds, sessions, last_practised_at)
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS c("userId" integer, "songId" integer, seconds bigint, sessions integer, "lastPractisedAt" timestamptz)
         ON CONFLICT (user_id, song_id) DO UPDATE SET
           seconds = current.seconds + excluded.seconds, sessions = current.sessions + excluded.sessions,
           last_practised_at = greatest(current.last_practised_at, excluded.last_practised_at)`,
        [JSON.stringify([...changes.songs.values()])],
      );
    }
    if (changes.loops.size > 0) {
      await tx.query(
        `INSERT INTO ${tables[practiceLoopsTable]} AS current (user_id, song_id, loop_start, loop_end, local_date, best_tempo, seconds)
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS c("userId" integer, "songId" integer, "loopStart" double precision, "loopEnd" double precision,
                "localDate" date, "bestTempo" double precision, seconds bigint)
         ON CONFLICT (user_id, song_id, loop_start, loop_end, local_date) DO UPDATE SET
           best_tempo = greatest(current.best_tempo, excluded.best_tempo), seconds = current.seconds + excluded.seconds`,
        [JSON.stringify([...changes.loops.values()])],
      );
    }
    if (changes.songDays.size > 0) {
      await tx.query(
        `INSERT INTO ${tables[practiceSongDaysTable]} AS current (user_id, song_id, local_date, best_tempo, seconds, sessions)
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS c("userId" integer, "songId" integer, "localDate" date, "bestTempo" double precision, seconds bigint, sessions integer)
         ON CONFLICT (user_id, song_id, local_date) DO UPDATE SET
           best_tempo = greatest(current.best_tempo, excluded.best_tempo), seconds = current.seconds + excluded.seconds,
           sessions = current.sessions + excluded.sessions`,
        [JSON.stringify([...changes.songDays.values()])],
      );
    }
  },
});
