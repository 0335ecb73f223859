import { describe, expect, it } from 'vitest';
import type { ScanProgress } from '../../../../contract/scan-progress';
import { scanJustFinished, scanPercent, scanSongText, scanStageText, scanSummaryText } from './scan-progress-text';

const running: ScanProgress = { isScanning: true, currentSong: 'Night Drive', currentIndex: 3, totalSongs: 12, stage: 'scanning' };
const done: ScanProgress = {
  isScanning: false,
  currentSong: null,
  currentIndex: 12,
  totalSongs: 12,
  stage: 'complete',
  problems: [{ song: 'x', file: 'a.mp3', message: 'truncated' }],
  summary: { catalogued: 10, changed: 1, unchanged: 1, removed: 0 },
};

describe('scan progress texts', () => {
  it('names the stage and the song being read', () => {
    expect(scanStageText(running)).toBe('Reading song folders');
    expect(scanStageText({ ...running, stage: 'bpm' })).toBe('Detecting tempo');
    expect(scanSongText(running)).toBe('Song 3 of 12: Night Drive');
    expect(scanSongText({ ...running, totalSongs: 0, currentIndex: 0, currentSong: null })).toBe('');
  });

  it('turns progress into a percentage', () => {
    expect(scanPercent(running)).toBe(25);
    expect(scanPercent({ ...running, totalSongs: 0 })).toBe(0);
    expect(scanPercent(done)).toBe(100);
  });

  it('summarises what the scan changed and its problems', () => {
    expect(scanSummaryText(done)).toBe('10 new, 1 changed, 0 removed, 1 problem.');
    expect(scanSummaryText({ ...done, problems: [] })).toBe('10 new, 1 changed, 0 removed.');
  });

  it('sees a scan finish only on the poll where it stops running', () => {
    expect(scanJustFinished(running, done)).toBe(true);
    expect(scanJustFinished(done, done)).toBe(false);
    expect(scanJustFinished(undefined, done)).toBe(false);
    expect(scanJustFinished(done, running)).toBe(false);
  });
});
