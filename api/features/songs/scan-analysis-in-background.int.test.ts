import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Song as SongResponse } from '../../../contract/song';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { sessionHeader } from '../stems/testing/stem-requests';
import { songAnalyser } from './analysis/song-analyser';
import { clickTrack, wavOf } from './analysis/testing/synthetic-audio';
import type { HarmonyAnalysis, TempoAnalysis } from './analysis/song-analysis';
import { type ScanAnalyser, SongScanner } from './song-scan';
import { wav, write } from './testing/song-files';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-analysis-background-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));
const rate = 22_050;

describeAppOnEveryDatabase('the analysis of new songs runs beside the app', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  beforeAll(() => {
    rmSync(songsDir, { recursive: true, force: true });
    // No song.json: the scan has the tempo, key and chords to find.
    write(path.join(songsDir, 'new song', 'drums.wav'), wavOf(clickTrack(120, 20, rate), rate));
    write(path.join(songsDir, 'new song', 'bass.wav'), wav(20, rate));
  });

  it('while a scan is analysing a new song, a sign-in and a metered stem GET of that song are answered', async () => {
    const deps = { ...env.app, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let tempoAsked!: () => void;
    const analysing = new Promise<void>((resolve) => (tempoAsked = resolve));
    // The process's analyser decodes the stems in its worker thread; its answer is held back until
    // the requests below are done, so they are made while the analysis is still pending.
    const analyser: ScanAnalyser = {
      tempo: async (stems) => {
        tempoAsked();
        const [tempo] = await Promise.all([songAnalyser().tempo(stems), released]);
        return tempo satisfies TempoAnalysis;
      },
      harmony: () => Promise.resolve<HarmonyAnalysis>({ key: 'A minor', chords: { master: '[00:00.00] Am\n' }, textures: {}, problems: [] }),
    };
    const scanner = new SongScanner(deps, () => analyser);
    const scanned = scanner.run({ state: { requestId: 'analysis-in-background' } }, null);
    await analysing;
    expect(scanner.progress()).toMatchObject({ isScanning: true, stage: 'bpm', currentSong: 'new song' });

    // A musician signs in and plays the new song's drums: the catalogue is there before its analysis.
    const { browser } = await signInWithCode(env.app.url, 'background-listener@example.com');
    let song: SongResponse | undefined;
    while (!song) {
      song = (await browser.get<SongResponse[]>('/api/songs')).body.find((listed) => listed.title === 'new song');
      if (!song) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(song.bpm).toBeNull();
    const drums = song.stems.find((stem) => stem.filename === 'drums.wav')!;
    const response = await fetch(`${env.app.url}${drums.filePath}`, { headers: sessionHeader(browser) });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(songsDir, 'new song', 'drums.wav')))).toBe(true);
    // Both answered while the song's tempo was still being found.
    expect(scanner.progress()).toMatchObject({ isScanning: true, stage: 'bpm', currentSong: 'new song' });

    release();
    const done = await scanned;
    expect(done).toMatchObject({ isScanning: false, stage: 'complete', problems: [], summary: { catalogued: 1 } });
    const analysed = (await browser.get<SongResponse>(`/api/songs/${song.id}`)).body;
    expect(analysed).toMatchObject({ key: 'A minor' });
    expect(analysed.bpm).not.toBeNull();
  }, 120_000);
});
