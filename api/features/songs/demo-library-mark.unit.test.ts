import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../events/store/testing/temp-dir-per-test';
import { demoLibraryUnfinished, markDemoLibraryFinished, markDemoLibraryStarted, preparingDemoLibrary } from './demo-library-mark';

describe('the demo library mark', () => {
  const tempDir = tempDirPerTest('woodshed-data-');
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await tempDir();
  });

  it('is there from the start of the demo library to its end', async () => {
    expect(await demoLibraryUnfinished(dataDir)).toBe(false);
    await markDemoLibraryStarted(dataDir, new Date('2026-01-01T00:00:00Z'));
    expect(await demoLibraryUnfinished(dataDir)).toBe(true);
    await markDemoLibraryFinished(dataDir);
    await markDemoLibraryFinished(dataDir);
    expect(await demoLibraryUnfinished(dataDir)).toBe(false);
  });

  it('means songs are coming only in development, the one mode that makes a demo library', async () => {
    await markDemoLibraryStarted(dataDir, new Date('2026-01-01T00:00:00Z'));
    expect(await preparingDemoLibrary({ nodeEnv: 'development', dataDir })).toBe(true);
    expect(await preparingDemoLibrary({ nodeEnv: 'production', dataDir })).toBe(false);
    expect(await preparingDemoLibrary({ nodeEnv: 'test', dataDir })).toBe(false);
  });
});
