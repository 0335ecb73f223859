/**
 * The documents the client keeps in RxDB and replicates with the API (docs/sync-protocol.md).
 * RxDB primary keys are strings, so song ids travel as decimal strings; every document carries
 * `_deleted`, RxDB's tombstone flag.
 */

/** The replicated collections, named as in the sync calls' paths (`/api/sync/{name}/pull`). */
export const syncCollectionNames = ['songs', 'stars', 'presets'] as const;
export type SyncCollectionName = (typeof syncCollectionNames)[number];

/** The collections the user may change (the others are pull-only). */
export type PushCollectionName = Exclude<SyncCollectionName, 'songs'>;

/** A checkpoint: the log position of the event behind the last document of a page. */
export interface SyncCheckpoint {
  position: string;
}

/** A stem of a song as GET /api/songs lists it. */
export interface SongStemDocument {
  id: string;
  name: string;
  instrument: string;
  filename: string;
  filePath: string;
  durationSeconds: number | null;
}

/** A song section (spec 000, section 3). */
export interface SongSectionDocument {
  type: string;
  startTime: number;
  endTime: number;
}

/** Something the scan found wrong with a song's files. */
export interface SongProblemDocument {
  file: string;
  message: string;
}

/** One song of the catalogue, shared by every user (`starred` lives in `stars`). */
export interface SongDocument {
  id: string;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  bpm: number | null;
  /** Seconds from the start to the first beat (the audio analysis'): the beat grid's origin; null when unknown. */
  firstBeat: number | null;
  difficulty: number | null;
  duration: number | null;
  playCount: number;
  hasLyrics: boolean;
  chordInstruments: string[];
  sections: SongSectionDocument[];
  stems: SongStemDocument[];
  problems: SongProblemDocument[];
  _deleted: boolean;
}

/** A song the signed-in user ever starred (or unstarred again). */
export interface StarDocument {
  /** The song id. */
  id: string;
  starred: boolean;
  /** ms since the epoch, set by the device that changed it. */
  updatedAt: number;
  _deleted: boolean;
}

/** The signed-in user's preset for one song; `_deleted` after a reset. */
export interface PresetDocument {
  /** The song id. */
  id: string;
  /** Stem id to level, 0..1 (1 = 100%). */
  volumes: Record<string, number>;
  /** Stem id to muted. */
  mutes: Record<string, boolean>;
  /** The practice tools' tempo as a playback rate, 0.5..1.5 (1 = the song's own; decision 0032). */
  tempo: number;
  /** The pitched stems' transpose in whole semitones, -6..+6 (decision 0032). */
  transpose: number;
  updatedAt: number;
  _deleted: boolean;
}

/** The document type of each collection. */
export interface SyncDocuments {
  songs: SongDocument;
  stars: StarDocument;
  presets: PresetDocument;
}

/** A page of `GET /api/sync/{collection}/pull`. */
export interface PullPage<Doc> {
  documents: Doc[];
  checkpoint: SyncCheckpoint | null;
}

/** One row of `POST /api/sync/{collection}/push`. */
export interface PushRow<Doc> {
  assumedMasterState: Doc | null;
  newDocumentState: Doc;
}

/** The song id as the collections key it. */
export function songKey(songId: number): string {
  return String(songId);
}
