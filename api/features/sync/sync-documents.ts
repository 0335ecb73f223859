import type { PresetRecord } from '../../../projections/presets/presets-queries';
import type { SongChange, StarChange } from '../../../projections/songs/songs-sync-queries';
import { type StemResponse, toStemResponses } from '../songs/songs-responses';

// The documents of docs/sync-protocol.md. Song ids travel as decimal strings (RxDB primary keys);
// `updatedAt` is when the server recorded the last change (ms since the epoch).

/** The replicated collections, as named in the sync paths. */
export const syncCollections = ['songs', 'stars', 'presets'] as const;
export type SyncCollection = (typeof syncCollections)[number];

/** A checkpoint: the log position of the event behind the last document of a page. */
export interface SyncCheckpoint {
  position: string;
}

/** A song of the catalogue as GET /api/songs lists it, without `starred`; `_deleted` once off disk. */
export interface SongDocument {
  id: string;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  bpm: number | null;
  /** Seconds to the first beat (the audio analysis'); null when unknown. */
  firstBeat: number | null;
  difficulty: number;
  duration: number | null;
  playCount: number;
  hasLyrics: boolean;
  chordInstruments: readonly string[];
  sections: SongChange['sections'];
  stems: StemResponse[];
  problems: SongChange['problems'];
  _deleted: boolean;
}

export interface StarDocument {
  id: string;
  starred: boolean;
  updatedAt: number;
  _deleted: boolean;
}

export interface PresetDocument {
  id: string;
  volumes: Record<string, number>;
  mutes: Record<string, boolean>;
  /** The practice tools' tempo (0.5..1.5) and transpose (-6..6); 1 and 0 for presets saved without them. */
  tempo: number;
  transpose: number;
  updatedAt: number;
  _deleted: boolean;
}

export interface SyncDocuments {
  songs: SongDocument;
  stars: StarDocument;
  presets: PresetDocument;
}

/** A pull page, and the body of a stream message (with `collection`). */
export interface SyncPage<Doc> {
  documents: Doc[];
  checkpoint: SyncCheckpoint | null;
}

export function toSongDocument(song: SongChange): SongDocument {
  return {
    id: String(song.id),
    title: song.title,
    genre: song.genre,
    genre2: song.genre2,
    key: song.key,
    bpm: song.bpm,
    firstBeat: song.firstBeat,
    difficulty: song.difficulty,
    duration: song.durationSeconds,
    playCount: song.playCount,
    hasLyrics: song.hasLyrics,
    chordInstruments: song.chordInstruments,
    sections: song.sections,
    stems: toStemResponses(song),
    problems: song.problems,
    _deleted: !song.onDisk,
  };
}

export function toStarDocument(star: StarChange): StarDocument {
  return { id: String(star.songId), starred: star.starred, updatedAt: star.changedAt.getTime(), _deleted: false };
}

export function toPresetDocument(preset: PresetRecord): PresetDocument {
  const { volumes, mutes, tempo, transpose } = preset.presetData;
  return {
    id: String(preset.songId),
    volumes: { ...volumes },
    mutes: { ...mutes },
    tempo,
    transpose,
    updatedAt: preset.changedAt.getTime(),
    _deleted: preset.deleted,
  };
}
