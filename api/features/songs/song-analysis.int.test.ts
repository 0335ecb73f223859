import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { afterSilence, chord, clickTrack, wavOf } from './analysis/testing/synthetic-audio';
import type { ScanProgress, ScanStage } from './song-scan';
import type { Song as SongResponse } from '../../../contract/song';
import { write } from './testing/song-files';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-analysed-songs-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));
const rate = 22050;
const firstBeatOfClickSong = 0.5;
/** How close the detected first beat must be (the count-in and click are aligned to it, decision 0032). */
const firstBeatTolerance = 0.02;

function writeLibrary(): void {
  rmSync(songsDir, { recursive: true, force: true });
  // No song.json and no chord files: everything comes from the audio. The drums come in after half a
  // second (the demo library's songs all start on a beat at 0 s), so the first beat is at 0.5 s.
  write(path.join(songsDir, 'click song', 'drums.wav'), wavOf(afterSilence(clickTrack(120, 9.5, rate), firstBeatOfClickSong, rate), rate));
  write(path.join(songsDir, 'click song', 'keys.wav'), wavOf(chord([60, 64, 67, 48], 10, rate), rate));
  // song.json gives BPM and key (they win), no chord files: charts are detected.
  write(path.join(songsDir, 'declared', 'drums.wav'), wavOf(clickTrack(120, 10, rate), rate));
  write(path.join(songsDir, 'declared', 'keys.wav'), wavOf(chord([60, 64, 67, 48], 10, rate), rate));
  write(path.join(songsDir, 'declared', 'song.json'), JSON.stringify({ title: 'Declared', bpm: 90, key: 'D major' }));
  // Chord files given: nothing to analyse, no detected chart offered beside them.
  write(path.join(songsDir, 'charted', 'drums.wav'), wavOf(clickTrack(120, 10, rate), rate));
  write(path.join(songsDir, 'charted', 'keys.wav'), wavOf(chord([60, 64, 67, 48], 10, rate), rate));
  write(path.join(songsDir, 'charted', 'song.json'), JSON.stringify({ bpm: 100, key: 'G major' }));
  write(path.join(songsDir, 'charted', 'chords', 'master.txt'), '[00:00.00] G\n');
  // Too short for a tempo: rescan-bpm says so.
  write(path.join(songsDir, 'blip', 'drums.wav'), wavOf(clickTrack(120, 1, rate), rate));
}

/** Start a scan and poll its progress quickly, returning the stages seen in order and the final progress. */
async function scanWatchingStages(browser: TestBrowser): Promise<{ stages: ScanStage[]; done: ScanProgress }> {
  expect((await browser.post('/api/songs/scan')).status).toBe(202);
  const stages: ScanStage[] = [];
  for (let attempt = 0; attempt < 3000; attempt++) {
    const progress = (await browser.get<ScanProgress>('/api/songs/scan/progress')).body;
    if (stages.at(-1) !== progress.stage) stages.push(progress.stage);
    if (!progress.isScanning) return { stages, done: progress };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The scan did not finish');
}

describeAppOnEveryDatabase('song audio analysis', { config: { authSecret: testAuthSecret, songsDir, adminEmails: ['analyst@example.com'] } }, (env) => {
  let browser: TestBrowser;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    writeLibrary();
    ({ browser } = await signInWithCode(env.app.url, 'analyst@example.com'));
  });

  it('detects a missing BPM, key and chords during the scan, passing through the stages bpm and chords', async () => {
    const { stages, done } = await scanWatchingStages(browser);
    expect(done).toMatchObject({ isScanning: false, stage: 'complete', currentSong: null, currentIndex: 4, totalSongs: 4, problems: [] });
    // Analysis takes seconds, so polls every 10 ms see both analysis stages, in order.
    expect(stages.filter((stage) => stage === 'bpm' || stage === 'chords')).toEqual(['bpm', 'chords']);
    expect(stages.at(-1)).toBe('complete');

    const list = (await browser.get<SongResponse[]>('/api/songs')).body;
    for (const song of list) ids[song.title] = song.id;
    const click = list.find((song) => song.title === 'click song')!;
    expect(Math.abs(click.bpm! - 120) / 120).toBeLessThanOrEqual(0.02);
    expect(click.key).toBe('C major');
    // The first downbeat, stored with the analysis: through the event, the read model and the API.
    expect(Math.abs(click.firstBeat! - firstBeatOfClickSong)).toBeLessThanOrEqual(firstBeatTolerance);
    const declared = list.find((song) => song.title === 'Declared')!;
    expect(Math.abs(declared.firstBeat!)).toBeLessThanOrEqual(firstBeatTolerance);
    const sync = await browser.get<{ documents: Array<{ id: string; firstBeat: number | null; chordInstruments: string[] }> }>('/api/sync/songs/pull?limit=500');
    const synced = sync.body.documents.find((document) => document.id === String(click.id));
    expect(synced?.firstBeat).toBe(click.firstBeat);
    // No chord files: the song offers its detected charts, in the list, the song and its sync document
    // alike (the player's chord strip is built from the song's chordInstruments).
    expect(click.chordInstruments).toEqual(['master', 'keys']);
    expect((await browser.get<SongResponse>(`/api/songs/${click.id}`)).body.chordInstruments).toEqual(['master', 'keys']);
    expect(synced?.chordInstruments).toEqual(['master', 'keys']);

    const charts = await browser.get<{ availableInstruments: string[] }>(`/api/songs/${click.id}/chords`);
    expect(charts.body).toEqual({ availableInstruments: ['master', 'keys'] });
    const master = await browser.get<{ instrument: string; text: string }>(`/api/songs/${click.id}/chords?instrument=master`);
    expect(master.body.text).toMatch(/^\[00:00\.00\] C\n/);
  }, 120_000);

  it('keeps what song.json and chord files give; detection fills the rest', async () => {
    const id = ids.Declared!;
    expect((await browser.get<SongResponse>(`/api/songs/${id}`)).body).toMatchObject({ bpm: 90, key: 'D major' });
    expect((await browser.get(`/api/songs/${id}/chords`)).body).toEqual({ availableInstruments: ['master', 'keys'] });
    expect((await browser.get<{ text: string }>(`/api/songs/${id}/chords?instrument=keys`)).body.text).toMatch(/^\[00:00\.00\] C\n/);

    const charted = ids.charted!;
    // Not analysed (song.json and chord files give everything): no first beat is known.
    expect((await browser.get<SongResponse>(`/api/songs/${charted}`)).body).toMatchObject({ bpm: 100, key: 'G major', firstBeat: null, chordInstruments: ['master'] });
    expect((await browser.get(`/api/songs/${charted}/chords`)).body).toEqual({ availableInstruments: ['master'] });
    expect((await browser.get(`/api/songs/${charted}/chords?instrument=master`)).body).toEqual({ instrument: 'master', text: '[00:00.00] G\n' });
    expect((await browser.get(`/api/songs/${charted}/chords?instrument=keys`)).status).toBe(400);
    const analyses = await env.app.sql.query(`SELECT 1 FROM events WHERE type = 'SongAnalysed' AND stream_id = $1`, [`song-${charted}`]);
    expect(analyses.rows).toEqual([]);
  });

  it('does not analyse unchanged stems again', async () => {
    const before = (await env.app.sql.query<{ count: string }>(`SELECT count(*) AS count FROM events WHERE type = 'SongAnalysed'`)).rows[0]!.count;
    const { done } = await scanWatchingStages(browser);
    expect(done.summary).toEqual({ catalogued: 0, changed: 0, unchanged: 4, removed: 0 });
    const after = (await env.app.sql.query<{ count: string }>(`SELECT count(*) AS count FROM events WHERE type = 'SongAnalysed'`)).rows[0]!.count;
    expect(Number(after)).toBe(Number(before));
  }, 60_000);

  it('re-detects the BPM on request: the new bpm, taken by the song unless song.json gives one', async () => {
    const click = ids['click song']!;
    // An edit first, so the song's BPM visibly changes back.
    expect((await browser.patch(`/api/songs/${click}/metadata`, { bpm: 60 })).status).toBe(200);
    const detected = await browser.post<{ bpm: number }>(`/api/songs/${click}/rescan-bpm`);
    expect(detected.status).toBe(200);
    expect(Math.abs(detected.body.bpm - 120) / 120).toBeLessThanOrEqual(0.02);
    // The answer is the spec's ({ bpm }); the first beat found again is on the song.
    expect(Object.keys(detected.body)).toEqual(['bpm']);
    const rescanned = (await browser.get<SongResponse>(`/api/songs/${click}`)).body;
    expect(rescanned.bpm).toBe(detected.body.bpm);
    expect(Math.abs(rescanned.firstBeat! - firstBeatOfClickSong)).toBeLessThanOrEqual(firstBeatTolerance);
    const [event] = (await env.app.sql.query<{ data: { firstBeat: number } }>(`SELECT data FROM events WHERE type = 'SongBpmDetected' AND stream_id = $1`, [`song-${click}`])).rows;
    expect(event?.data.firstBeat).toBe(rescanned.firstBeat);

    const declared = await browser.post<{ bpm: number }>(`/api/songs/${ids.Declared}/rescan-bpm`);
    expect(declared.status).toBe(200);
    expect(Math.abs(declared.body.bpm - 120) / 120).toBeLessThanOrEqual(0.02);
    expect((await browser.get<SongResponse>(`/api/songs/${ids.Declared}`)).body.bpm).toBe(90);
  }, 60_000);

  it("sets the detected BPM in a musician's own view only, not the catalogue's", async () => {
    const click = ids['click song']!;
    const { browser: musician } = await signInWithCode(env.app.url, 'drummer@example.com');
    expect((await browser.patch(`/api/songs/${click}/metadata`, { bpm: 70 })).status).toBe(200);
    expect((await musician.patch(`/api/songs/${click}/metadata`, { bpm: 60 })).status).toBe(200);
    const sharedDetections = async () => (await env.app.sql.query(`SELECT 1 FROM events WHERE type = 'SongBpmDetected'`)).rows.length;
    const before = await sharedDetections();
    const detected = await musician.post<{ bpm: number }>(`/api/songs/${click}/rescan-bpm`);
    expect(detected.status).toBe(200);
    expect(Math.abs(detected.body.bpm - 120) / 120).toBeLessThanOrEqual(0.02);
    expect((await musician.get<SongResponse>(`/api/songs/${click}`)).body.bpm).toBe(detected.body.bpm);
    expect((await browser.get<SongResponse>(`/api/songs/${click}`)).body.bpm).toBe(70);
    expect(await sharedDetections()).toBe(before);
  }, 60_000);

  it('answers 409 to a second rescan of a song while the first runs', async () => {
    const click = ids['click song']!;
    const [first, second] = await Promise.all([browser.post(`/api/songs/${click}/rescan-bpm`), browser.post(`/api/songs/${click}/rescan-bpm`)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
  }, 60_000);

  it("answers 422 with the spec's text when no tempo can be detected, and changes nothing", async () => {
    const before = (await browser.get<SongResponse>(`/api/songs/${ids.blip}`)).body;
    const failed = await browser.post<{ error: { message: string } }>(`/api/songs/${ids.blip}/rescan-bpm`);
    expect(failed.status).toBe(422);
    expect(failed.body.error.message).toBe('Could not detect BPM from audio files');
    expect((await browser.get<SongResponse>(`/api/songs/${ids.blip}`)).body).toEqual(before);
  }, 60_000);

  it('answers 404 for an unknown song, 400 for a malformed id and 401 when signed out', async () => {
    expect((await browser.post('/api/songs/999999/rescan-bpm')).status).toBe(404);
    expect((await browser.post('/api/songs/abc/rescan-bpm')).status).toBe(400);
    expect((await new TestBrowser(env.app.url).post(`/api/songs/${ids['click song']}/rescan-bpm`)).status).toBe(401);
  });
});
