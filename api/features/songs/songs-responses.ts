import type { SongRecord } from '../../../projections/songs/songs-queries';
import { compareByInstrument, instrumentOf, stemName } from './instrument-groups';
import type { ScanProblem, ScanProgress } from './song-scan';

/** A stem as the player loads it (spec 000 section 3). */
export interface StemResponse {
  /** The file name: unique in its song and stable across re-scans, so presets can key on it. */
  id: string;
  songId: number;
  name: string;
  instrument: string;
  filename: string;
  /** Where the audio streams from (never the path on the server's disk). */
  filePath: string;
  volume: number;
  isMuted: boolean;
  durationSeconds: number | null;
}

/** A song of GET /api/songs (and, with `lyrics`, of GET /api/songs/{id}). */
export interface SongResponse {
  id: number;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  /** The same as `key`: some of the spec's payloads call it so. */
  musicalKey: string | null;
  bpm: number | null;
  /**
   * Seconds from the start to the song's first beat, found by the audio analysis (the beat grid's
   * origin for count-in, click and loop snapping); null when unknown. Not in the spec: Woodshed's own.
   */
  firstBeat: number | null;
  difficulty: number;
  /** Seconds; null when no stem's length could be read. */
  duration: number | null;
  starred: boolean;
  playCount: number;
  hasLyrics: boolean;
  chordInstruments: readonly string[];
  sections: SongRecord['sections'];
  stems: StemResponse[];
  problems: SongRecord['problems'];
}

export interface SongWithLyricsResponse extends SongResponse {
  /** The lyrics.lrc text; null without lyrics (or when the file went missing since the scan). */
  lyrics: string | null;
}

export interface ScanStartedResponse {
  message: string;
}

/** GET /api/songs/scan/progress: the scan's progress, and whether the demo library is being made before it. */
export interface ScanProgressResponse extends ScanProgress {
  /** A first development start is synthesising the demo library: its songs come with the scan that follows. */
  preparingDemoLibrary: boolean;
}

export type { ScanProblem };

export function toStemResponses(song: SongRecord): StemResponse[] {
  return song.stems
    .map((stem) => {
      const name = stemName(stem.filename);
      return {
        id: stem.filename,
        songId: song.id,
        name,
        instrument: instrumentOf(name),
        filename: stem.filename,
        filePath: `/api/stems/stream/${song.id}/${encodeURIComponent(stem.filename)}`,
        volume: 1,
        isMuted: false,
        durationSeconds: stem.durationSeconds,
      };
    })
    .sort(compareByInstrument);
}

export function toSongResponse(song: SongRecord): SongResponse {
  return {
    id: song.id,
    title: song.title,
    genre: song.genre,
    genre2: song.genre2,
    key: song.key,
    musicalKey: song.key,
    bpm: song.bpm,
    firstBeat: song.firstBeat,
    difficulty: song.difficulty,
    duration: song.durationSeconds,
    starred: song.starred,
    playCount: song.playCount,
    hasLyrics: song.hasLyrics,
    chordInstruments: song.chordInstruments,
    sections: song.sections,
    stems: toStemResponses(song),
    problems: song.problems,
  };
}
