import decodeWav from '@audio/decode-wav';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { openSong, signInNewListener } from './new-listener';
import { servePracticeAudioPage, wavBytes } from './practice-audio-page';
import { repoRoot } from './repo-root';
import { fixtureSongs } from './song-fixtures';

// The export's render (decision 0032, "Export in workers"): deterministic, equal to the engine's
// render sample for sample at the tempo and transpose the player has, and with the click when asked.

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

const parade = fixtureSongs[0]!;

/** Exports the open dialog's mix as float WAV and answers its channels. */
async function exportFloatWav(page: Page): Promise<{ sampleRate: number; channels: Float32Array[] }> {
  const dialog = page.getByRole('dialog', { name: 'Export Mix' });
  await dialog.getByRole('radio', { name: 'WAV, 32-bit float' }).check();
  const downloading = page.waitForEvent('download', { timeout: 90_000 });
  await dialog.getByRole('button', { name: /^Export( Again)?$/ }).click();
  const download = await downloading;
  const wav = decodeWav(await readFile((await download.path())!));
  return { sampleRate: wav.sampleRate, channels: wav.channelData };
}

/** Two renders of one mix by the built app's engine module, run in the page, as float arrays. */
async function engineRenders(page: Page, songId: number, mix: { tempo: number; transpose: number }): Promise<Float32Array[][]> {
  const chunk = readdirSync(path.join(repoRoot, 'client/dist/assets')).find((file) => /^stem-engine-[\w-]+\.js$/.test(file));
  expect(chunk).toBeTruthy();
  // Loaded by a string the page evaluates: vitest rewrites a dynamic import() in the test's code.
  await page.evaluate(`import('/assets/${chunk}').then((module) => { window.engineModuleForTest = module; })`);
  const renders = await page.evaluate(
    async ({ songId: id, mix: settings }) => {
      const song = (await (await fetch(`/api/songs/${id}`)).json()) as { stems: { id: string; name: string; filePath: string }[] };
      interface EngineModule {
        StemEngine: {
          load(sources: { id: string; url: string }[], options: { drums: Set<string> }): Promise<{
            renderMix(settings: { gains: Record<string, number>; tempo: number; transpose: number; loop: null; includeClick: boolean }): Promise<AudioBuffer>;
            dispose(): void;
          }>;
        };
      }
      const { StemEngine } = (window as unknown as { engineModuleForTest: EngineModule }).engineModuleForTest;
      // As the player loads it: the drum stem in the drums' group, never transposed.
      const drums = new Set(song.stems.filter((stem) => stem.name === 'drums').map((stem) => stem.id));
      const engine = await StemEngine.load(
        song.stems.map((stem) => ({ id: stem.id, url: stem.filePath })),
        { drums },
      );
      const asBase64 = (samples: Float32Array) => {
        const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
        let text = '';
        for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
        return btoa(text);
      };
      try {
        const gains = Object.fromEntries(song.stems.map((stem) => [stem.id, 1]));
        const results: string[][] = [];
        for (let run = 0; run < 2; run++) {
          const buffer = await engine.renderMix({ gains, tempo: settings.tempo, transpose: settings.transpose, loop: null, includeClick: false });
          results.push(Array.from({ length: buffer.numberOfChannels }, (_, channel) => asBase64(buffer.getChannelData(channel))));
        }
        return results;
      } finally {
        engine.dispose();
      }
    },
    { songId, mix },
  );
  return renders.map((channels) =>
    channels.map((base64) => {
      const bytes = Buffer.from(base64, 'base64');
      return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    }),
  );
}

/** The largest difference between two equally long signals, and whether they are equal sample for sample. */
function largestDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let largest = 0;
  for (let index = 0; index < a.length; index++) largest = Math.max(largest, Math.abs(a[index]! - b[index]!));
  return largest;
}

describe('the export render at the player\'s tempo and transpose', () => {
  it('is deterministic, equals the engine\'s render sample for sample, adds the click on the beats when Include click is on, and the count-in before the music', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const songId = (await signInNewListener(page, baseUrl, 'export-render')).get(parade.title)!;
    await openSong(page, baseUrl, songId);

    // 75% and +2 semitones, the click on.
    await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
    const tools = page.getByTestId('practice-tools');
    for (let step = 0; step < 5; step++) await tools.getByRole('button', { name: 'Slower' }).click();
    await tools.getByRole('button', { name: 'Transpose up' }).click();
    await tools.getByRole('button', { name: 'Transpose up' }).click();
    expect(await page.getByTestId('tempo-value').textContent()).toBe('75%');
    await tools.getByRole('checkbox', { name: 'Click', exact: true }).check();

    await page.getByRole('button', { name: 'EXPORT MIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Mix' });
    const includeClick = dialog.getByRole('checkbox', { name: /^Include click/ });
    // It starts as the player has the click: on.
    expect(await includeClick.isChecked()).toBe(true);
    await includeClick.uncheck();
    const plain = await exportFloatWav(page);
    await includeClick.check();
    const withClick = await exportFloatWav(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const [first, second] = await engineRenders(page, songId, { tempo: 0.75, transpose: 2 });
    expect(plain.channels).toHaveLength(2);
    for (let channel = 0; channel < 2; channel++) {
      // Two renders of one mix: identical. The exported file: the engine's render, sample for sample.
      expect(largestDifference(first![channel]!, second![channel]!)).toBe(0);
      expect(largestDifference(plain.channels[channel]!, first![channel]!)).toBe(0);
    }
    const seconds = plain.channels[0]!.length / plain.sampleRate;
    expect(Math.abs(seconds - parade.seconds / 0.75)).toBeLessThan(0.001);

    // The click: 120 BPM at 75% is a beat every 2/3 s of the file, from its start; the difference
    // between the two files is the clicks alone (30 ms each), silent between them.
    const sampleRate = withClick.sampleRate;
    const difference = withClick.channels[0]!.map((sample, index) => sample - plain.channels[0]![index]!);
    const beat = 0.5 / 0.75;
    const beats = Math.ceil(seconds / beat);
    const clickLength = Math.round(0.03 * sampleRate);
    let lastEnd = 0;
    for (let index = 0; index < beats; index++) {
      const at = Math.round(index * beat * sampleRate);
      const span = difference.subarray(at, at + clickLength);
      const peak = span.reduce((largest, value) => Math.max(largest, Math.abs(value)), 0);
      // The click's first sample is sin(0) = 0; its next ones rise at once (volume 0.8).
      expect(Math.abs(difference[at]!)).toBeLessThan(1e-6);
      expect(Math.abs(difference[at + 1]!)).toBeGreaterThan(0.01);
      expect(peak).toBeGreaterThan(0.4);
      const between = difference.subarray(lastEnd, at);
      expect(between.reduce((largest, value) => Math.max(largest, Math.abs(value)), 0)).toBeLessThan(1e-6);
      lastEnd = at + clickLength;
    }
    console.log(`export at 75% +2: ${seconds.toFixed(3)} s, two engine renders identical, the file equal to them; ${beats} clicks on the beat`);

    // A count-in of one bar: four beats before the music, then the same file as with the click.
    await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
    await tools.getByRole('combobox', { name: 'Count-in' }).selectOption('1');
    await page.getByRole('button', { name: 'EXPORT MIX' }).click();
    expect(await includeClick.isChecked()).toBe(true);
    // The length shown counts the count-in: 8 s of music and 4 beats of 2/3 s.
    await dialog.getByTestId('export-estimate').getByText('0:11 long', { exact: false }).waitFor();
    const countedIn = await exportFloatWav(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const countIn = Math.round(4 * beat * sampleRate);
    expect(countedIn.channels[0]!.length).toBe(countIn + withClick.channels[0]!.length);
    for (let channel = 0; channel < 2; channel++) {
      const music = countedIn.channels[channel]!.subarray(countIn);
      expect(largestDifference(music, withClick.channels[channel]!)).toBe(0);
    }
    // Before the music only the count-in's four clicks sound, the first accented (1.5 kHz: a
    // zero crossing every 1/3000 s, against 1/2000 s for the others).
    const lead = countedIn.channels[0]!.subarray(0, countIn);
    const crossings = (from: number) => {
      let count = 0;
      for (let index = from + 1; index < from + clickLength; index++) if (Math.sign(lead[index]!) !== Math.sign(lead[index - 1]!) && lead[index] !== 0) count++;
      return count;
    };
    lastEnd = 0;
    for (let index = 0; index < 4; index++) {
      const at = Math.round(index * beat * sampleRate);
      expect(lead.subarray(lastEnd, at).every((sample) => sample === 0)).toBe(true);
      expect(lead.subarray(at, at + clickLength).some((sample) => Math.abs(sample) > 0.4)).toBe(true);
      lastEnd = at + clickLength;
    }
    expect(lead.subarray(lastEnd).every((sample) => sample === 0)).toBe(true);
    expect(crossings(0)).toBeGreaterThan(crossings(Math.round(beat * sampleRate)) * 1.3);
    await page.close();
  }, 240_000);
});

describe('stopping the export render', () => {
  it('aborting the render terminates its workers at once and rejects with the abort', async () => {
    // 60 s of a tone and a tick, long enough that the render is under way when it is aborted.
    const sampleRate = 48_000;
    const tone = Float32Array.from({ length: 60 * sampleRate }, (_, index) => 0.3 * Math.sin((2 * Math.PI * 330 * index) / sampleRate));
    const tick = Float32Array.from({ length: 60 * sampleRate }, (_, index) => (index % sampleRate < 200 ? 0.5 : 0));
    const served = await servePracticeAudioPage({ 'tone.wav': wavBytes(tone, sampleRate), 'tick.wav': wavBytes(tick, sampleRate) });
    const page = await browser.newPage();
    try {
      await page.goto(served.url);
      const stretchWorkers = () => page.workers().filter((worker) => worker.url().includes('stretch-render-worker'));
      // Started in the page; resolved once the first progress report came (the workers stretching).
      await page.evaluate(async () => {
        const decoder = new OfflineAudioContext(1, 1, 48_000);
        const stems = await Promise.all(
          ['tone.wav', 'tick.wav'].map(async (id) => ({ id, drums: id === 'tick.wav', buffer: await decoder.decodeAudioData(await (await fetch(`/${id}`)).arrayBuffer()) })),
        );
        const controller = new AbortController();
        const { renderMix } = (window as unknown as { RenderMix: { renderMix: (...args: unknown[]) => Promise<AudioBuffer> } }).RenderMix;
        await new Promise<void>((underway) => {
          const rendering = renderMix(stems, { gains: {}, tempo: 0.7, transpose: 2, loop: null }, () => underway(), controller.signal);
          (window as unknown as { renderForTest: unknown }).renderForTest = { controller, outcome: rendering.then(() => 'finished', (error: unknown) => (error as Error).name) };
        });
      });
      expect(stretchWorkers().length).toBeGreaterThan(0);
      const outcome = await page.evaluate(async () => {
        const { controller, outcome } = (window as unknown as { renderForTest: { controller: AbortController; outcome: Promise<string> } }).renderForTest;
        controller.abort();
        return outcome;
      });
      expect(outcome).toBe('AbortError');
      await expect.poll(() => stretchWorkers().length, { timeout: 5000 }).toBe(0);
    } finally {
      await page.close();
      served.server.close();
    }
  }, 120_000);
});
