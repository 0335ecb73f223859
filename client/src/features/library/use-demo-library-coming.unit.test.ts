import { describe, expect, it } from 'vitest';
import type { ScanProgress } from '../../../../contract/scan-progress';
import { demoLibraryComing } from './use-demo-library-coming';

const idle: ScanProgress = { isScanning: false, currentSong: null, currentIndex: 0, totalSongs: 0, stage: 'complete', preparingDemoLibrary: false };

describe('whether the demo library is on its way', () => {
  it('is not known before the first answer, and not coming in a library nobody is filling', () => {
    expect(demoLibraryComing(undefined, false)).toBe(false);
    expect(demoLibraryComing(idle, false)).toBe(false);
    // An older server that does not say.
    const { preparingDemoLibrary: _, ...older } = idle;
    expect(demoLibraryComing(older, false)).toBe(false);
  });

  it('is coming while the demo library is made, and while the scan after it brings the songs in', () => {
    expect(demoLibraryComing({ ...idle, preparingDemoLibrary: true }, false)).toBe(true);
    const scanning: ScanProgress = { ...idle, isScanning: true, stage: 'scanning', currentIndex: 1, totalSongs: 12, currentSong: 'neon-tidewater' };
    expect(demoLibraryComing(scanning, true)).toBe(true);
    expect(demoLibraryComing(idle, true)).toBe(false);
    // A scan someone started in an empty library is the scan dialog's, not the demo library's.
    expect(demoLibraryComing(scanning, false)).toBe(false);
  });
});
