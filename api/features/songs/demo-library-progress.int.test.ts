import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { markDemoLibraryFinished, markDemoLibraryStarted } from './demo-library-mark';
import type { ScanProgress } from '../../../contract/scan-progress';

const dataDir = mkdtempSync(path.join(tmpdir(), 'woodshed-data-'));
const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(songsDir, { recursive: true, force: true });
});

// A development start makes the demo library before its first scan (scripts/app/prepare-song-library.ts).
describeAppOnEveryDatabase('demo library progress', { config: { authSecret: testAuthSecret, nodeEnv: 'development', dataDir, songsDir } }, (env) => {
  it('tells a signed-in user while the demo library is being made, and no longer once it is made', async () => {
    const { browser } = await signInWithCode(env.app.url, 'early@example.com');
    const progress = async () => (await browser.get<ScanProgress>('/api/songs/scan/progress')).body;

    expect(await progress()).toMatchObject({ preparingDemoLibrary: false, isScanning: false, stage: 'complete' });
    await markDemoLibraryStarted(dataDir, new Date());
    expect(await progress()).toMatchObject({ preparingDemoLibrary: true, isScanning: false });
    await markDemoLibraryFinished(dataDir);
    expect((await progress()).preparingDemoLibrary).toBe(false);
  });
});
