import path from 'node:path';
import type { SongProblem, SongSection, SongStemFile } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { songOverlaysTable, songStarsTable, songsTable } from './songs-tables';

/** One song of the library as a user sees it. */
export interface SongRecord {
  id: number;
  folder: string;
  /** Absolute path of the song folder (server side only: never sent to a client). */
  directory: string;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  bpm: number | null;
  /** Seconds from the start to the first beat (the audio analysis'); null when unknown. */
  firstBeat: number | null;
  difficulty: number;
  durationSeconds: number | null;
  stems: readonly SongStemFile[];
  hasLyrics: boolean;
  /** The chord charts the song offers: its chord files', or without any, the detected ones (master first). */
  chordInstruments: readonly string[];
  /** Whether `chordInstruments` are detected charts (served from detected-chords) rather than chord files. */
  chordsDetected: boolean;
  sections: readonly SongSection[];
  problems: readonly SongProblem[];
  playCount: number;
  /** Whether this user starred it (false when asked without a user). */
  starred: boolean;
}

/** A stem file on disk, as the stem stream serves it. */
export interface SongStemLocation {
  /** Absolute path of the file. */
  path: string;
  bytes: number;
  modifiedAt: Date;
}

/** A row of the songs view with the user's star, as the queries select it. */
export interface SongRow {
  song_id: number;
  folder: string;
  directory: string;
  title: string;
  genre: string | null;
  genre2: string | null;
  song_key: string | null;
  bpm: number | null;
  first_beat: number | null;
  difficulty: number;
  duration_seconds: number | null;
  stems: SongStemFile[];
  has_lyrics: boolean;
  chord_instruments: string[];
  detected_chord_instruments: string[];
  sections: SongSection[];
  problems: SongProblem[];
  play_count: string | number;
  starred: boolean;
  /** The fields this user edited for their own view (decision 0063); null or absent when none. */
  overlay?: SongOverlayFields | null;
}

/** A user's own values of song columns (`song_overlays.fields`): a key present wins, null included. */
export type SongOverlayFields = Partial<Pick<SongRow, 'title' | 'genre' | 'genre2' | 'song_key' | 'bpm' | 'difficulty'>>;

/** The catalogue's row as this user sees it: their own values over the catalogue's (decision 0063). */
export function withOverlay<Row extends SongOverlayFields>(row: Row, overlay: SongOverlayFields | null | undefined): Row {
  return overlay ? { ...row, ...overlay } : row;
}

/** The join that brings user `$1`'s own view of each song `s`, as column `overlay`. */
export const overlayJoin = `LEFT JOIN ${songOverlaysTable} o ON o.song_id = s.song_id AND o.user_id = $1`;

const columns = `s.song_id, s.folder, s.directory, s.title, s.genre, s.genre2, s.song_key, s.bpm, s.first_beat, s.difficulty,
  s.duration_seconds, s.stems, s.has_lyrics, s.chord_instruments, s.detected_chord_instruments, s.sections, s.problems, s.play_count,
  EXISTS (SELECT 1 FROM ${songStarsTable} st WHERE st.song_id = s.song_id AND st.user_id = $1 AND st.starred) AS starred, o.fields AS overlay`;

/** Every song on disk as this user sees it (their own edits over the catalogue's), by title then id, with their stars. */
export async function listSongs(sql: SqlExecutor, userId: number | null): Promise<SongRecord[]> {
  const { rows } = await sql.query<SongRow>(
    `SELECT ${columns} FROM ${songsTable} s ${overlayJoin} WHERE s.on_disk ORDER BY lower(coalesce(o.fields->>'title', s.title)), s.song_id`,
    [userId ?? 0],
  );
  return rows.map(toSong);
}

/** The song with this id while its folder is on disk, as this user sees it, with their star; undefined otherwise. */
export async function findSong(sql: SqlExecutor, songId: number, userId: number | null): Promise<SongRecord | undefined> {
  const { rows } = await sql.query<SongRow>(`SELECT ${columns} FROM ${songsTable} s ${overlayJoin} WHERE s.song_id = $2 AND s.on_disk`, [
    userId ?? 0,
    songId,
  ]);
  return rows[0] ? toSong(rows[0]) : undefined;
}

/** Stem file names of the given songs on disk, by song id, in one statement; songs off disk are left out. */
export async function stemIdsOfSongsOnDisk(sql: SqlExecutor, songIds: readonly number[]): Promise<Map<number, string[]>> {
  if (songIds.length === 0) return new Map();
  const { rows } = await sql.query<{ song_id: number; stems: SongStemFile[] }>(
    `SELECT song_id, stems FROM ${songsTable} WHERE song_id = ANY($1::integer[]) AND on_disk`,
    [[...new Set(songIds)]],
  );
  return new Map(rows.map((row) => [Number(row.song_id), row.stems.map((stem) => stem.filename)]));
}

/** Titles of the given songs by id, on disk or not (an audit outlives the folder). */
export async function songTitlesOf(sql: SqlExecutor, songIds: readonly number[]): Promise<Map<number, string>> {
  if (songIds.length === 0) return new Map();
  const { rows } = await sql.query<{ song_id: number; title: string }>(
    `SELECT song_id, title FROM ${songsTable} WHERE song_id = ANY($1::integer[])`,
    [[...new Set(songIds)]],
  );
  return new Map(rows.map((row) => [row.song_id, row.title]));
}

/** A song's stem, only when `filename` is exactly one of its stems and the folder is on disk. */
export async function findSongStem(sql: SqlExecutor, songId: number, filename: string): Promise<SongStemLocation | undefined> {
  const { rows } = await sql.query<{ directory: string; stem: SongStemFile }>(
    `SELECT s.directory, stem FROM ${songsTable} s, jsonb_array_elements(s.stems) AS stem
     WHERE s.song_id = $1 AND s.on_disk AND stem->>'filename' = $2`,
    [songId, filename],
  );
  const row = rows[0];
  if (!row) return undefined;
  // Scanned names are plain entries of the folder; checked again so a bad row cannot escape it.
  if (path.basename(row.stem.filename) !== row.stem.filename) return undefined;
  return { path: path.join(row.directory, row.stem.filename), bytes: row.stem.bytes, modifiedAt: new Date(row.stem.modifiedAt) };
}

export function toSong(catalogueRow: SongRow): SongRecord {
  const row = withOverlay(catalogueRow, catalogueRow.overlay);
  // Chord files win over detection (decision 0019): a folder with any offers only those.
  const chordsDetected = row.chord_instruments.length === 0 && row.detected_chord_instruments.length > 0;
  return {
    id: Number(row.song_id),
    folder: row.folder,
    directory: row.directory,
    title: row.title,
    genre: row.genre,
    genre2: row.genre2,
    key: row.song_key,
    bpm: row.bpm === null ? null : Number(row.bpm),
    firstBeat: row.first_beat === null ? null : Number(row.first_beat),
    difficulty: Number(row.difficulty),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    stems: row.stems,
    hasLyrics: row.has_lyrics,
    chordInstruments: chordsDetected ? row.detected_chord_instruments : row.chord_instruments,
    chordsDetected,
    sections: row.sections,
    problems: row.problems,
    playCount: Number(row.play_count),
    starred: row.starred,
  };
}
