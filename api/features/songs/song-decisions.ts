import { isDeepStrictEqual } from 'node:util';
import type { DataOf, DecidedEvent, SongFileMetadata, SongFolderFiles } from '../../../events/catalog';
import type { SongAnalysis, SongState } from './song-state';

/** An event the song commands decide to append to the song's stream. */
export type SongEvent = DecidedEvent<
  'SongCatalogued' | 'SongFilesChanged' | 'SongRemovedFromDisk' | 'SongMetadataEdited' | 'SongGenreEdited' | 'SongAnalysed' | 'SongBpmDetected'
>;
export type StarEvent = DecidedEvent<'SongStarred' | 'SongUnstarred'>;

/**
 * CatalogueSong (a scan read the folder): a new song is catalogued; a known one changes only when
 * its files or its song.json differ from the last scan (or it was gone), so re-scanning an
 * unchanged library appends nothing.
 */
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
 * Whether a scan should analyse the song's audio: something the analysis gives is missing (BPM,
 * key, or chord charts: a folder with any chord file has given its charts, one without gets master
 * and one per instrument it has a stem for, hence the `groups` of its stems) and the stems are not
 * the ones last analysed.
 */
export function isAnalysisNeeded(state: SongState, groups: readonly string[]): boolean {
  const files = state.files;
  if (!state.onDisk || !files || files.stems.length === 0) return false;
  if (state.analysis && isDeepStrictEqual(state.analysis.stems, files.stems)) return false;
  const chartsWanted = files.chordInstruments.length > 0 ? [] : analysedChordInstruments.filter((instrument) => instrument === 'master' || groups.includes(instrument));
  return state.bpm === null || state.key === null || chartsWanted.length > 0;
}

/**
 * RecordAnalysis (a scan analysed the audio, or re-offers the last analysis): the song takes a
 * detected BPM or key only where it has none (song.json and users' edits win). The same analysis
 * with nothing to take appends nothing, so re-scans are idempotent.
 */
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
 * DetectBpm (POST /api/songs/{id}/rescan-bpm): the user asked, so the detected BPM replaces the
 * song's, including an earlier edit; only a BPM in song.json wins over it. The first beat found
 * with it always replaces the song's (nothing else gives one): so a song analysed before first
 * beats were detected gets one from a rescan.
 */
export function decideRecordDetectedBpm(state: SongState, command: { songId: number; userId: number; bpm: number; firstBeat: number | null }): SongEvent[] {
  const applied = state.fileMetadata?.bpm === null || state.fileMetadata?.bpm === undefined;
  return [{ type: 'SongBpmDetected', data: { ...command, applied } }];
}

/** A user's stars stream (`song-stars-<userId>`) folded: the songs they starred. */
export type StarsState = ReadonlySet<number>;
export const initialStarsState: StarsState = new Set();

export function evolveStarsState(state: StarsState, event: { type: string; data: unknown }): StarsState {
  if (event.type !== 'SongStarred' && event.type !== 'SongUnstarred') return state;
  const { songId } = event.data as { songId: number };
  const next = new Set(state);
  if (event.type === 'SongStarred') next.add(songId);
  else next.delete(songId);
  return next;
}

/** StarSong / UnstarSong: starring a starred song (or unstarring one that is not) changes nothing. */
export function decideSetStarred(state: StarsState, command: { userId: number; songId: number; starred: boolean }): StarEvent[] {
  const { userId, songId, starred } = command;
  if (state.has(songId) === starred) return [];
  return [{ type: starred ? 'SongStarred' : 'SongUnstarred', data: { userId, songId } }];
}
