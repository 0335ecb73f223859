import type { ScanProgress } from '../../../../contract/scan-progress';

export const SCAN_POLL_MS = 500;

// Spec 000 names the stages but gives the scan modal no texts; these are ours (decision 0011).
const stageTexts: Record<ScanProgress['stage'], string> = {
  scanning: 'Reading song folders',
  bpm: 'Detecting tempo',
  chords: 'Detecting chords',
  complete: 'Scan complete',
};

export function scanStageText(progress: ScanProgress): string {
  return stageTexts[progress.stage];
}

export function scanSongText(progress: ScanProgress): string {
  if (progress.totalSongs === 0) return '';
  const counter = `Song ${Math.min(progress.currentIndex, progress.totalSongs)} of ${progress.totalSongs}`;
  return progress.currentSong ? `${counter}: ${progress.currentSong}` : counter;
}

export function scanPercent(progress: ScanProgress): number {
  if (!progress.isScanning) return progress.stage === 'complete' && progress.totalSongs > 0 ? 100 : 0;
  if (progress.totalSongs === 0) return 0;
  return Math.round((Math.min(progress.currentIndex, progress.totalSongs) / progress.totalSongs) * 100);
}

export function scanSummaryText(progress: ScanProgress): string {
  const summary = progress.summary ?? { catalogued: 0, changed: 0, unchanged: 0, removed: 0 };
  const parts = [`${summary.catalogued} new`, `${summary.changed} changed`, `${summary.removed} removed`];
  const problems = progress.problems?.length ?? 0;
  if (problems > 0) parts.push(`${problems} ${problems === 1 ? 'problem' : 'problems'}`);
  return `${parts.join(', ')}.`;
}

/** Whether this poll saw the running scan finish (so the library refetches and says so once). */
export function scanJustFinished(previous: ScanProgress | undefined, current: ScanProgress): boolean {
  return previous?.isScanning === true && !current.isScanning;
}
