import type { TakePlacement } from '../../../lib/audio/recording/take-lane';
import type { TakeMetadata } from '../../../lib/takes/take-drafts';

/** A take as the list shows it: its metadata, and whether this device holds its audio. */
export interface TakeListItem extends TakeMetadata {
  onDevice: boolean;
}

/** The takes of one song, newest first, marked with whether their audio is here (pure). */
export function takeListItems(documents: readonly TakeMetadata[], songId: number, onDevice: ReadonlySet<string>): TakeListItem[] {
  return documents
    .filter((take) => take.songId === String(songId))
    .map((take) => ({ ...take, onDevice: onDevice.has(take.id) }))
    .sort((a, b) => b.recordedAt - a.recordedAt || a.name.localeCompare(b.name));
}

/** Where a take plays against the song: both its channel strip and the export place it so. */
export function takePlacement(take: Pick<TakeMetadata, 'startSeconds' | 'tempo' | 'transpose' | 'durationSeconds'>): TakePlacement {
  return { startSeconds: take.startSeconds, tempo: take.tempo, transpose: take.transpose, duration: take.durationSeconds };
}

/** The number the next take of a song is named with: one past the highest "Take N" (renamed ones aside), at least one past the count. */
export function nextTakeNumber(takes: readonly Pick<TakeMetadata, 'name'>[]): number {
  const numbers = takes.map((take) => /^Take (\d+)$/.exec(take.name)?.[1]).filter((number): number is string => number !== undefined).map(Number);
  return Math.max(takes.length, ...numbers) + 1;
}

/** "80%", "100%": a tempo as the practice tools show it. */
export function formatTempo(tempo: number): string {
  return `${Math.round(tempo * 100)}%`;
}

/** "+2 st", "-1 st", "0 st". */
export function formatTranspose(semitones: number): string {
  return `${semitones > 0 ? '+' : ''}${semitones} st`;
}

/** "1:05": a take's length. */
export function formatTakeLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
