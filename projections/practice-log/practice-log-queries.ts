import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { songsTable } from '../songs/songs-tables';
import { practiceDaysTable, practiceLoopsTable, practiceSongDaysTable, practiceSongsTable } from './practice-log-tables';
import { type PracticeStreak, practiceStreak } from './practice-streak';

/** One local day of the chart. */
export interface PracticeDay {
  date: string;
  seconds: number;
  sessions: number;
}

/** A song the musician practised. */
export interface PracticedSong {
  songId: number;
  /** null when the song is no longer known to the library. */
  title: string | null;
  seconds: number;
  sessions: number;
  lastPractisedAt: string;
  /** The best tempo it was played at on each of its latest practised days, oldest first: its progression across sessions. */
  tempos: SongTempoDay[];
}

/** One day's sessions of a song: the best tempo reached and how many sessions. */
export interface SongTempoDay {
  date: string;
  bestTempo: number;
  sessions: number;
}

/** How many practised days of each song the summary's tempo progression shows. */
export const tempoDaysPerSong = 10;

/** One looped passage and the best tempo it was played at, day by day (oldest first). */
export interface LoopProgress {
  songId: number;
  title: string | null;
  startSeconds: number;
  endSeconds: number;
  days: Array<{ date: string; bestTempo: number; seconds: number }>;
}

export interface PracticeSummary {
  /** Every day of the window, oldest first, days without practice at 0. */
  days: PracticeDay[];
  totalSeconds: number;
  totalSessions: number;
  streak: PracticeStreak;
  /** Most practised first. */
  songs: PracticedSong[];
  /** Most recently practised loops first. */
  loops: LoopProgress[];
}

const dayMs = 86_400_000;
const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** A musician's practice log as of `today`: recent days, totals, streak, songs and loop tempo progress. */
export async function practiceSummary(sql: SqlExecutor, userId: number, today: string, options: { windowDays?: number; songs?: number; loops?: number } = {}): Promise<PracticeSummary> {
  const windowDays = options.windowDays ?? 28;
  const from = addDays(today, -(windowDays - 1));

  const { rows: dayRows } = await sql.query<{ local_date: string; seconds: string | number; sessions: number }>(
    `SELECT local_date::text AS local_date, seconds, sessions FROM ${practiceDaysTable} WHERE user_id = $1 ORDER BY local_date`,
    [userId],
  );
  const byDate = new Map(dayRows.map((row) => [row.local_date, row]));
  const days: PracticeDay[] = [];
  for (let offset = 0; offset < windowDays; offset++) {
    const date = addDays(from, offset);
    const row = byDate.get(date);
    days.push({ date, seconds: row ? Number(row.seconds) : 0, sessions: row ? Number(row.sessions) : 0 });
  }

  const { rows: songRows } = await sql.query<{ song_id: number; title: string | null; seconds: string | number; sessions: number; last_practised_at: Date | string }>(
    `SELECT p.song_id, s.title, p.seconds, p.sessions, p.last_practised_at
     FROM ${practiceSongsTable} p LEFT JOIN ${songsTable} s ON s.song_id = p.song_id
     WHERE p.user_id = $1 ORDER BY p.seconds DESC, p.song_id LIMIT $2`,
    [userId, options.songs ?? 20],
  );
  const { rows: tempoRows } = await sql.query<{ song_id: number; local_date: string; best_tempo: number; sessions: number }>(
    `SELECT song_id, local_date, best_tempo, sessions FROM (
       SELECT song_id, local_date::text AS local_date, best_tempo, sessions,
         row_number() OVER (PARTITION BY song_id ORDER BY local_date DESC) AS rank
       FROM ${practiceSongDaysTable} WHERE user_id = $1 AND song_id = ANY($2::integer[])
     ) recent WHERE rank <= $3 ORDER BY song_id, local_date`,
    [userId, songRows.map((row) => row.song_id), tempoDaysPerSong],
  );
  const temposOf = new Map<number, SongTempoDay[]>();
  for (const row of tempoRows) {
    const songId = Number(row.song_id);
    temposOf.set(songId, [...(temposOf.get(songId) ?? []), { date: row.local_date, bestTempo: Number(row.best_tempo), sessions: Number(row.sessions) }]);
  }
  const { rows: totals } = await sql.query<{ seconds: string | number | null; sessions: string | number | null }>(
    `SELECT sum(seconds) AS seconds, sum(sessions) AS sessions FROM ${practiceSongsTable} WHERE user_id = $1`,
    [userId],
  );

  const { rows: loopRows } = await sql.query<{
    song_id: number;
    title: string | null;
    loop_start: number;
    loop_end: number;
    local_date: string;
    best_tempo: number;
    seconds: string | number;
  }>(
    `WITH recent AS (
       SELECT song_id, loop_start, loop_end, max(local_date) AS last_date FROM ${practiceLoopsTable}
       WHERE user_id = $1 GROUP BY song_id, loop_start, loop_end ORDER BY last_date DESC, song_id, loop_start, loop_end LIMIT $2
     )
     SELECT l.song_id, s.title, l.loop_start, l.loop_end, l.local_date::text AS local_date, l.best_tempo, l.seconds
     FROM ${practiceLoopsTable} l
     JOIN recent r USING (song_id, loop_start, loop_end)
     LEFT JOIN ${songsTable} s ON s.song_id = l.song_id
     WHERE l.user_id = $1
     ORDER BY r.last_date DESC, l.song_id, l.loop_start, l.loop_end, l.local_date`,
    [userId, options.loops ?? 5],
  );
  const loops: LoopProgress[] = [];
  for (const row of loopRows) {
    let loop = loops.at(-1);
    if (!loop || loop.songId !== row.song_id || loop.startSeconds !== Number(row.loop_start) || loop.endSeconds !== Number(row.loop_end)) {
      loop = { songId: row.song_id, title: row.title, startSeconds: Number(row.loop_start), endSeconds: Number(row.loop_end), days: [] };
      loops.push(loop);
    }
    loop.days.push({ date: row.local_date, bestTempo: Number(row.best_tempo), seconds: Number(row.seconds) });
  }

  return {
    days,
    totalSeconds: Number(totals[0]?.seconds ?? 0),
    totalSessions: Number(totals[0]?.sessions ?? 0),
    streak: practiceStreak(
      dayRows.map((row) => row.local_date),
      today,
    ),
    songs: songRows.map((row) => ({
      songId: row.song_id,
      title: row.title,
      seconds: Number(row.seconds),
      sessions: Number(row.sessions),
      lastPractisedAt: new Date(row.last_practised_at).toISOString(),
      tempos: temposOf.get(Number(row.song_id)) ?? [],
    })),
    loops,
  };
}
