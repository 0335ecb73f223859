import { isDeepStrictEqual } from 'node:util';
import type { DataOf, DecidedEvent, SongFileMetadata, SongFolderFiles, SongStemFile } from '../../../events/catalog';
import type { SongAnalysis, SongState, SongTempo } from './song-state';

/** An event the song commands decide to append to the song's stream. */
export type SongEvent = DecidedEvent<
  | 'SongCatalogued'
  | 'SongFilesChanged'
  | 'SongRemovedFromDisk'
  | 'SongMetadataEdited'
  | 'SongGenreEdited'
  | 'SongTempoAnalysed'
  | 'SongAnalysed'
  | 'SongBpmDetected'
>;

/** CatalogueSong: a known song changes only when its files or song.json differ from the last scan, so re-scans append nothing. */
export function decideCatalogueSong(
  state: SongState,
  command: { songId: number; folder: string; files: SongFolderFiles; metadata: SongFileMetadata },
): SongEvent[] {
  const { songId, folder, files, metadata } = command;
  if (!state.catalogued) return [{ type: 'SongCatalogued', data: { songId, folder, files, metadata } }];
  const metadataChanged = !isDeepStrictEqual(state.fileMetadata, metadata);
  if (state.onDisk && !metadataChanged && isDeepStrictEqual(state.files, files)) return [];
  return [{ type: 'SongFilesChanged', data: { songId, files, ...(metadataChanged && { metadata }) } }];
}

/** RemoveSongFromDisk (a scan did not find its folder): only once, and only a song it knew. */
export function decideRemoveSongFromDisk(state: SongState, command: { songId: number }): SongEvent[] {
  if (!state.catalogued || !state.onDisk) return [];
  return [{ type: 'SongRemovedFromDisk', data: { songId: command.songId } }];
}

/** EditSongMetadata: the event carries only the fields that actually change (null clears one). */
export function decideEditSongMetadata(
  state: SongState,
  command: { songId: number; userId: number; title?: string; bpm?: number | null; key?: string | null; difficulty?: number | null },
): SongEvent[] {
  const data: DataOf<'SongMetadataEdited'> = { songId: command.songId, userId: command.userId };
  if (command.title !== undefined && command.title !== state.title) data.title = command.title;
  if (command.bpm !== undefined && command.bpm !== state.bpm) data.bpm = command.bpm;
  if (command.key !== undefined && command.key !== state.key) data.key = command.key;
  if (command.difficulty !== undefined && (command.difficulty ?? 5) !== state.difficulty) data.difficulty = command.difficulty;
  if (Object.keys(data).length === 2) return [];
  return [{ type: 'SongMetadataEdited', data }];
}

/** EditSongGenre: both genres at once; the same pair again changes nothing. */
export function decideEditSongGenre(
  state: SongState,
  command: { songId: number; userId: number; genre: string | null; genre2: string | null },
): SongEvent[] {
  if (command.genre === state.genre && command.genre2 === state.genre2) return [];
  return [{ type: 'SongGenreEdited', data: command }];
}

/** Chord charts the analysis writes when no chord file gives them: the mix, and these stems' groups. */
const analysedChordInstruments = ['master', 'guitar', 'bass', 'keys'] as const;

/**
 * Whether a scan should analyse the song's audio: BPM, key or chord charts (master and one per stem
 * group, unless a chord file gives them) are missing, and the stems are not the ones last analysed.
 */
export function isAnalysisNeeded(state: SongState, groups: readonly string[]): boolean {
  const files = state.files;
  if (!state.onDisk || !files || files.stems.length === 0) return false;
  if (state.analysis && sameFiles(state.analysis.stems, files.stems)) return false;
  const chartsWanted = files.chordInstruments.length > 0 ? [] : analysedChordInstruments.filter((instrument) => instrument === 'master' || groups.includes(instrument));
  return state.bpm === null || state.key === null || chartsWanted.length > 0;
}

/** The same files by name, size and modification time: a length read better later is no new audio to analyse. */
function sameFiles(a: readonly SongStemFile[], b: readonly SongStemFile[]): boolean {
  return a.length === b.length && a.every((stem, index) => stem.filename === b[index]!.filename && stem.bytes === b[index]!.bytes && stem.modifiedAt === b[index]!.modifiedAt);
}

/** RecordAnalysis: takes a detected BPM or key only where the song has none (song.json and edits win); idempotent. */
export function decideRecordAnalysis(state: SongState, command: { songId: number; analysis: SongAnalysis }): SongEvent[] {
  const { analysis } = command;
  const applied: DataOf<'SongAnalysed'>['applied'] = {};
  if (analysis.bpm !== null && state.bpm === null) applied.bpm = analysis.bpm;
  if (analysis.key !== null && state.key === null) applied.key = analysis.key;
  if (Object.keys(applied).length === 0 && isDeepStrictEqual(state.analysis, analysis)) return [];
  if (!state.onDisk) return [];
  return [{ type: 'SongAnalysed', data: { songId: command.songId, ...analysis, applied } }];
}

/**
 * RecordTempo: a scan's tempo, recorded as soon as it is known (key and chords come later, in
 * `SongAnalysed`). The song takes the BPM only where it has none (song.json and edits win);
 * idempotent, and a detection that found nothing records nothing.
 */
export function decideRecordTempo(
  state: SongState,
  command: { songId: number; tempo: Pick<SongTempo, 'stems' | 'bpm'> & { firstBeat: number | null } },
): SongEvent[] {
  // Only what the event keeps, so a detection's other results never make it look new.
  const { stems, bpm, firstBeat } = command.tempo;
  if (!state.onDisk || (bpm === null && firstBeat === null)) return [];
  const applied: DataOf<'SongTempoAnalysed'>['applied'] = {};
  if (bpm !== null && state.bpm === null) applied.bpm = bpm;
  if (applied.bpm === undefined && isDeepStrictEqual(state.tempo, { stems, bpm, firstBeat })) return [];
  return [{ type: 'SongTempoAnalysed', data: { songId: command.songId, stems, bpm, firstBeat, applied } }];
}

/**
 * DetectBpm (POST /api/songs/{id}/rescan-bpm): the detected BPM replaces the song's, edits included,
 * unless song.json gives one. Its first beat always replaces the song's (nothing else gives one).
 */
export function decideRecordDetectedBpm(state: SongState, command: { songId: number; userId: number; bpm: number; firstBeat: number | null }): SongEvent[] {
  const applied = state.fileMetadata?.bpm === null || state.fileMetadata?.bpm === undefined;
  return [{ type: 'SongBpmDetected', data: { ...command, applied } }];
}

export type OwnViewEvent = DecidedEvent<'SongDetailsEditedForUser'>;

/** The song details a user sees (the catalogue's, with their own edits over it). */
export type SongDetailsView = Pick<SongState, 'title' | 'genre' | 'genre2' | 'key' | 'bpm' | 'difficulty'>;

/** A user's own-view stream (`song-details-<userId>`). */
export function songDetailsStream(userId: number): string {
  return `song-details-${userId}`;
}

/** One event of a user's own-view stream folded into their view of song `songId`. */
export function evolveOwnView(view: SongDetailsView, event: { type: string; data: unknown }, songId: number): SongDetailsView {
  if (event.type !== 'SongDetailsEditedForUser') return view;
  const data = event.data as DataOf<'SongDetailsEditedForUser'>;
  if (data.songId !== songId) return view;
  return {
    title: data.title ?? view.title,
    genre: data.genre === undefined ? view.genre : data.genre,
    genre2: data.genre2 === undefined ? view.genre2 : data.genre2,
    key: data.key === undefined ? view.key : data.key,
    bpm: data.bpm === undefined ? view.bpm : data.bpm,
    difficulty: data.difficulty === undefined ? view.difficulty : (data.difficulty ?? 5),
  };
}

/** EditSongForUser (non-admin, decision 0063): the user's own view only; the event carries only what differs (the genre pair together). */
export function decideEditSongForUser(
  view: SongDetailsView,
  command: {
    userId: number;
    songId: number;
    title?: string;
    genre?: string | null;
    genre2?: string | null;
    key?: string | null;
    bpm?: number | null;
    difficulty?: number | null;
  },
): OwnViewEvent[] {
  const data: DataOf<'SongDetailsEditedForUser'> = { userId: command.userId, songId: command.songId };
  if (command.title !== undefined && command.title !== view.title) data.title = command.title;
  if (command.genre !== undefined && (command.genre !== view.genre || (command.genre2 ?? null) !== view.genre2)) {
    data.genre = command.genre;
    data.genre2 = command.genre2 ?? null;
  }
  if (command.key !== undefined && command.key !== view.key) data.key = command.key;
  if (command.bpm !== undefined && command.bpm !== view.bpm) data.bpm = command.bpm;
  if (command.difficulty !== undefined && (command.difficulty ?? 5) !== view.difficulty) data.difficulty = command.difficulty;
  if (Object.keys(data).length === 2) return [];
  return [{ type: 'SongDetailsEditedForUser', data }];
}
