import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startApp } from './app-process';
import { type TestBrowser, launchBrowser } from './browser';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { clickTrackWav, sineWav } from './song-fixtures';

// A song without chord files, in a songs directory of its own (the other files count the shared
// fixture library's songs): a C major chord held on three keys stems over a click, so the scan's
// analysis detects its chords, and only that analysis can give the player a chord strip.
const heldChord = { title: 'Held Chord', seconds: 10 };
let app: AppProcess;
let browser: TestBrowser;

beforeAll(async () => {
  const songsDir = await mkdtemp(path.join(tmpdir(), 'woodshed-e2e-detected-chords-'));
  const folder = path.join(songsDir, 'held-chord');
  await mkdir(folder);
  await writeFile(path.join(folder, 'drums.wav'), clickTrackWav(120, heldChord.seconds));
  // C4, E4 and G4: the Keys group's three stems, which the mix sums into the chord.
  for (const [name, frequency] of [['piano', 261.63], ['keys', 329.63], ['synth', 392]] as const) {
    await writeFile(path.join(folder, `${name}.wav`), sineWav(frequency, heldChord.seconds, 0.15));
  }
  await writeFile(path.join(folder, 'song.json'), JSON.stringify({ title: heldChord.title, genre: 'Pop' }));
  [app, browser] = await Promise.all([startApp({ songsDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (app) await rm(app.songsDir, { recursive: true, force: true });
});

describe('detected chords in the player', () => {
  it('a song whose chords only the analysis knows shows them in the chord strip, with the detected instruments to choose from', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchPageProblems(page);
    const songId = (await signInNewListener(page, app.baseUrl, 'detected-chords')).get(heldChord.title)!;

    // The song itself offers the detected charts, as the chords call lists them.
    const song = (await (await page.request.get(`${app.baseUrl}/api/songs/${songId}`)).json()) as { chordInstruments: string[] };
    const listed = (await (await page.request.get(`${app.baseUrl}/api/songs/${songId}/chords`)).json()) as { availableInstruments: string[] };
    expect(song.chordInstruments).toEqual(['master', 'keys']);
    expect(listed.availableInstruments).toEqual(song.chordInstruments);

    await openSong(page, app.baseUrl, songId);
    expect(await page.getByTestId('chord-strip').innerText()).toContain('C');
    const instrument = page.getByRole('combobox', { name: 'Chord instrument' });
    expect(await instrument.inputValue()).toBe('master');
    expect(await instrument.locator('option').allInnerTexts()).toEqual(['Master', 'Keys']);
    await saveScreenshot(page, 'player-detected-chords');
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
