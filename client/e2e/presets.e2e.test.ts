import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { launchBrowser } from './browser';
import { uniqueEmail } from './dev-outbox';
import { eventually, subscribeThroughTestCheckout } from './local-first-helpers';
import { scanFixtureLibrary } from './scan-fixture-library';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { fixtureSongs } from './song-fixtures';
import { installStretchProbe, playbackRates, stemNodesSeen } from './stretch-probe';

const baseUrl = inject('baseUrl');
// The machine running these may be busy: a song load (four decoded stems) can take a while.
const STEP_TIMEOUT_MS = 30_000;
const browser = browserPerFile();

// A page left open by a failed test would keep its user's local database open for the next one.
const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

async function newPage(): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  openPages.push(page);
  return page;
}

const parade = fixtureSongs[0]!; // four stems, one per group: Drums, Bass, Guitar, Vocals

interface PresetData {
  volumes: Record<string, number>;
  mutes: Record<string, boolean>;
  tempo: number;
  transpose: number;
}

/** Each mixer strip's group with its slider level and mute state, in display order. */
async function strips(page: Page): Promise<{ group: string; volume: number; muted: boolean }[]> {
  return page.getByTestId('mixer-strip').evaluateAll((elements) =>
    elements.map((element) => ({
      group: element.getAttribute('data-group') ?? '',
      volume: Number(element.getAttribute('data-volume')),
      muted: element.getAttribute('data-muted') === 'true',
    })),
  );
}

/** What the sliders show, in percent, in display order. */
async function sliderPercents(page: Page): Promise<number[]> {
  return page.getByTestId('mixer-strip').locator('input[type="range"]').evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));
}

/** Moves a group's slider to `percent` and releases it (the mixer commits on release). */
async function setVolume(page: Page, group: string, percent: number): Promise<void> {
  const slider = page.getByRole('slider', { name: `${group} volume` });
  await slider.fill(String(percent));
  await slider.blur();
  await page.locator(`[data-testid="mixer-strip"][data-group="${group}"][data-volume="${percent / 100}"]`).waitFor();
}

/** The practice tools' tempo and transpose as they show them (the tools' tab is opened first). */
async function practiceShown(page: Page): Promise<{ tempo: string | null; transpose: string | null }> {
  await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
  await page.getByTestId('practice-tools').waitFor();
  return { tempo: await page.getByTestId('tempo-value').textContent(), transpose: await page.getByTestId('transpose-value').textContent() };
}

/** Waits until the practice tools hold `tempo` and `transpose` (a preset may apply a moment after the stems load), then what they show. */
async function practiceSettledAt(page: Page, tempo: number, transpose: number): Promise<{ tempo: string | null; transpose: string | null }> {
  await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
  await page.locator(`[data-testid="practice-tools"][data-tempo="${tempo}"][data-transpose="${transpose}"]`).waitFor();
  return practiceShown(page);
}

/** Sets the tempo slider to `percent` and transposes by `semitones` from 0 in the practice tools. */
async function setPractice(page: Page, percent: number, semitones: number): Promise<void> {
  await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
  const tools = page.getByTestId('practice-tools');
  await tools.getByRole('slider', { name: 'Tempo' }).fill(String(percent));
  for (let step = 0; step < semitones; step++) await tools.getByRole('button', { name: 'Transpose up' }).click();
  await page.locator(`[data-testid="practice-tools"][data-tempo="${percent / 100}"][data-transpose="${semitones}"]`).waitFor();
}

/**
 * Plays the song from 0 and checks the audio engine got `tempo` and `transpose`, not only the
 * controls: over 2 s the position moves `tempo` song seconds per second, as the player shows it
 * and as the playing node reports it (both within 5%); the stretch nodes play unless at
 * 100% and no transpose, when the plain players do (decision 0041). The last schedule of the
 * pitched stems' node carries that rate and `transpose` semitones, the drums' node that rate and
 * 0; the nodes of the other kind, if any were made, were silenced at that same audio-clock time.
 * Pauses again.
 */
async function expectEngineAt(page: Page, tempo: number, transpose: number): Promise<void> {
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
  await page.waitForTimeout(300); // past the start's lookahead: the position moves from here on
  const kind = tempo === 1 && transpose === 0 ? 'plain' : 'stretch';
  const rates = await playbackRates(page, 2, kind);
  console.log(`tempo ${tempo}: the player's position moved ${rates.shown.toFixed(4)} s/s, the ${kind} worklet's ${rates.heard.toFixed(4)} s/s`);
  // Both per audio-clock second.
  expect(Math.abs(rates.shown / tempo - 1)).toBeLessThan(0.05);
  expect(Math.abs(rates.heard / tempo - 1)).toBeLessThan(0.05);
  const nodes = await stemNodesSeen(page);
  const heard = nodes.filter((node) => node.kind === kind).map((node) => node.schedules.at(-1)!);
  expect(heard.map(({ active, rate, semitones }) => ({ active, rate, semitones }))).toEqual([
    { active: true, rate: tempo, semitones: transpose },
    { active: true, rate: tempo, semitones: 0 },
  ]);
  const silent = nodes.filter((node) => node.kind !== kind).map((node) => node.schedules.at(-1)!);
  for (const schedule of silent) expect(schedule).toMatchObject({ active: false, output: heard[0]!.output });
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
}

async function openParade(page: Page, songId: number): Promise<void> {
  await page.goto(`${baseUrl}/player?songId=${songId}`);
  await toastTitled(page, 'Song loaded successfully');
  await page.getByRole('button', { name: 'SAVE', exact: true }).waitFor();
}

/** GET /api/songs/{id}/preset with the page's cookies: the status and, on 200, the preset data. */
async function presetOnServer(page: Page, songId: number): Promise<{ status: number; presetData?: PresetData }> {
  const answer = await page.request.get(`${baseUrl}/api/songs/${songId}/preset`);
  if (answer.status() !== 200) return { status: answer.status() };
  return { status: 200, presetData: ((await answer.json()) as { presetData: PresetData }).presetData };
}

/** The song's stem ids (the keys a preset uses) by stem name. */
async function stemIds(page: Page, songId: number): Promise<Record<string, string>> {
  const song = (await (await page.request.get(`${baseUrl}/api/songs/${songId}`)).json()) as { stems: { id: string; name: string }[] };
  return Object.fromEntries(song.stems.map((stem) => [stem.name, stem.id]));
}

describe('presets', () => {
  it(
    'a Pro user saves a mix, gets it back by itself after a reload, loads it after changes, and resets it (gone on the server too)',
    async () => {
      const page = await newPage();
      await installStretchProbe(page);
      const problems = watchPageProblems(page);
      const email = uniqueEmail('presets-pro');
      await signInWithCode(page, baseUrl, email);
      const songId = (await scanFixtureLibrary(page, baseUrl)).get(parade.title)!;
      await subscribeThroughTestCheckout(page, baseUrl);
      const ids = await stemIds(page, songId);
      await openParade(page, songId);
      expect(await sliderPercents(page)).toEqual([100, 100, 100, 100]);

      await setVolume(page, 'Drums', 40);
      await setVolume(page, 'Guitar', 70);
      await page.getByRole('button', { name: 'Mute Bass' }).click();
      const mixed = [
        { group: 'Drums', volume: 0.4, muted: false },
        { group: 'Bass', volume: 0, muted: true },
        { group: 'Guitar', volume: 0.7, muted: false },
        { group: 'Vocals', volume: 1, muted: false },
      ];
      expect(await strips(page)).toEqual(mixed);
      // The practice tools' tempo and transpose are part of the preset (decision 0032).
      expect(await practiceShown(page)).toEqual({ tempo: '100%', transpose: '0' });
      await setPractice(page, 70, 2);
      expect(await practiceShown(page)).toEqual({ tempo: '70%', transpose: '+2' });

      await page.getByRole('button', { name: 'SAVE', exact: true }).click();
      expect(await toastTitled(page, 'Preset Saved')).toEqual({ description: 'Your slider settings have been saved for this song.', variant: 'default' });
      await saveScreenshot(page, 'presets-saved');
      // The replication pushes it: the API holds the mix (a muted stem with the level it comes back at).
      const saved: PresetData = {
        volumes: { [ids.drums!]: 0.4, [ids.bass!]: 1, [ids.guitar!]: 0.7, [ids.vocals!]: 1 },
        mutes: { [ids.drums!]: false, [ids.bass!]: true, [ids.guitar!]: false, [ids.vocals!]: false },
        tempo: 0.7,
        transpose: 2,
      };
      await eventually(async () => (await presetOnServer(page, songId)).status === 200, 10_000, 'the preset reaching the API');
      expect((await presetOnServer(page, songId)).presetData).toEqual(saved);

      // After a reload the stems load at 100%, then the saved preset applies by itself.
      await page.reload();
      await toastTitled(page, 'Song loaded successfully');
      await page.locator('[data-testid="mixer-strip"][data-group="Drums"][data-volume="0.4"]').waitFor();
      expect(await strips(page)).toEqual(mixed);
      expect(await sliderPercents(page)).toEqual([40, 0, 70, 100]);
      expect(await page.getByRole('button', { name: 'Mute Bass' }).getAttribute('aria-pressed')).toBe('true');
      expect(await practiceSettledAt(page, 0.7, 2)).toEqual({ tempo: '70%', transpose: '+2' });
      // And the engine plays it so: at 70%, the pitched stems 2 semitones up.
      await expectEngineAt(page, 0.7, 2);

      // Another device of the same user gets the preset through sync, tempo and transpose included.
      const otherDevice = await launchBrowser();
      try {
        const other = await otherDevice.newPage();
        other.setDefaultTimeout(STEP_TIMEOUT_MS);
        const otherProblems = watchPageProblems(other);
        await signInWithCode(other, baseUrl, email);
        await openParade(other, songId);
        await other.locator('[data-testid="mixer-strip"][data-group="Drums"][data-volume="0.4"]').waitFor();
        expect(await strips(other)).toEqual(mixed);
        expect(await practiceSettledAt(other, 0.7, 2)).toEqual({ tempo: '70%', transpose: '+2' });
        await saveScreenshot(other, 'presets-other-device');
        expect(otherProblems).toEqual([]);
      } finally {
        await otherDevice.close();
      }

      // LOAD brings the preset back over later changes.
      await page.getByRole('button', { name: 'Reset tempo to 100%' }).click();
      await page.getByRole('button', { name: 'Transpose down' }).click();
      expect(await practiceSettledAt(page, 1, 1)).toEqual({ tempo: '100%', transpose: '+1' });
      await setVolume(page, 'Drums', 90);
      await page.getByRole('button', { name: 'Mute Bass' }).click();
      await setVolume(page, 'Vocals', 20);
      expect(await sliderPercents(page)).toEqual([90, 100, 70, 20]);
      await page.getByRole('button', { name: 'LOAD', exact: true }).click();
      // 'Preset Loaded' has a title only (spec 000, section 8).
      const loaded = page.getByTestId('toast').filter({ has: page.getByText('Preset Loaded', { exact: true }) });
      await loaded.waitFor();
      expect(await loaded.getAttribute('data-variant')).toBe('default');
      expect(await strips(page)).toEqual(mixed);
      expect(await sliderPercents(page)).toEqual([40, 0, 70, 100]);
      expect(await practiceSettledAt(page, 0.7, 2)).toEqual({ tempo: '70%', transpose: '+2' });

      // RESET: every slider at 100%, unmuted, 100% tempo and no transpose, and the preset is deleted on the API.
      await page.getByRole('button', { name: 'RESET', exact: true }).click();
      expect(await toastTitled(page, 'Preset Reset')).toEqual({ description: 'All sliders have been reset to default (100%).', variant: 'default' });
      expect(await sliderPercents(page)).toEqual([100, 100, 100, 100]);
      expect(await practiceSettledAt(page, 1, 0)).toEqual({ tempo: '100%', transpose: '0' });
      await expectEngineAt(page, 1, 0);
      expect((await strips(page)).every((strip) => strip.volume === 1 && !strip.muted)).toBe(true);
      await eventually(async () => (await presetOnServer(page, songId)).status === 404, 10_000, 'the reset reaching the API');

      // With no preset left, LOAD says there is none (the spec's 404 means "none") and changes nothing.
      await setVolume(page, 'Drums', 50);
      await page.getByRole('button', { name: 'LOAD', exact: true }).click();
      expect(await toastTitled(page, 'No Preset Saved')).toEqual({ description: 'Save your slider settings for this song first; LOAD brings them back.', variant: 'default' });
      expect(await sliderPercents(page)).toEqual([50, 100, 100, 100]);

      // And a reload applies nothing: the song opens at 100%.
      await page.reload();
      await toastTitled(page, 'Song loaded successfully');
      await page.getByRole('button', { name: 'SAVE', exact: true }).waitFor();
      expect(await sliderPercents(page)).toEqual([100, 100, 100, 100]);
      expect(await practiceShown(page)).toEqual({ tempo: '100%', transpose: '0' });

      // A song whose preset was reset takes a new one (the local tombstone comes back to life).
      await setVolume(page, 'Vocals', 60);
      await page.getByRole('button', { name: 'SAVE', exact: true }).click();
      await toastTitled(page, 'Preset Saved');
      await eventually(async () => (await presetOnServer(page, songId)).presetData?.volumes[ids.vocals!] === 0.6, 10_000, 'the new preset reaching the API');
      expect(problems).toEqual([]);
    },
    240_000,
  );

  it(
    'a free user pressing SAVE, LOAD or RESET sees the Upgrade modal (pro_feature) and nothing reaches the API',
    async () => {
      const page = await newPage();
      const problems = watchPageProblems(page);
      await signInWithCode(page, baseUrl, uniqueEmail('presets-free'));
      const songId = (await scanFixtureLibrary(page, baseUrl)).get(parade.title)!;
      const presetCalls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('/preset') || (pathname.startsWith('/api/sync/presets/') && request.method() === 'POST')) {
          presetCalls.push(`${request.method()} ${pathname}`);
        }
      });
      await openParade(page, songId);
      await setVolume(page, 'Drums', 30);

      await page.getByRole('button', { name: 'SAVE', exact: true }).click();
      const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await upgrade.waitFor();
      expect(await upgrade.getAttribute('data-trigger')).toBe('pro_feature');
      expect(await upgrade.getByText('Custom presets are a Pro feature.').isVisible()).toBe(true);
      await saveScreenshot(page, 'presets-upgrade');
      await upgrade.getByRole('button', { name: 'Maybe later' }).click();
      await upgrade.waitFor({ state: 'detached' });

      for (const button of ['LOAD', 'RESET']) {
        await page.getByRole('button', { name: button, exact: true }).click();
        await upgrade.waitFor();
        expect(await upgrade.getAttribute('data-trigger')).toBe('pro_feature');
        await page.keyboard.press('Escape');
        await upgrade.waitFor({ state: 'detached' });
      }
      // RESET refused: the mix is untouched.
      expect(await sliderPercents(page)).toEqual([30, 100, 100, 100]);

      // Time for a push that should not happen, then the API's view: no preset of this user.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(presetCalls).toEqual([]);
      const pulled = (await (await page.request.get(`${baseUrl}/api/sync/presets/pull`)).json()) as { documents: unknown[] };
      expect(pulled.documents).toEqual([]);
      expect(problems).toEqual([]);
    },
    180_000,
  );
});
