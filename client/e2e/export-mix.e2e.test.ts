import decodeMp3 from '@audio/decode-mp3';
import decodeWav from '@audio/decode-wav';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LOOP_PASSES } from '../src/features/export/export-mix';
import { browserPerFile } from './browser-per-file';
import { exportAs } from './export-dialog';
import { signInNewListener } from './new-listener';
import { openPracticeTools, setLoop } from './practice-tools-page';
import { repoRoot } from './repo-root';
import { saveScreenshot } from './screenshot';
import { toastTitled } from './sign-in-flow';
import { fixtureSongs } from './song-fixtures';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

const parade = fixtureSongs[0]!;

async function bytesStreamed(page: Page): Promise<number> {
  return ((await (await page.request.get(`${baseUrl}/api/usage/stats`)).json()) as { totalBytesStreamed: number }).totalBytesStreamed;
}

/** Waits until the usage figure stops moving (its projection follows the log), and answers it. */
async function settledBytesStreamed(page: Page): Promise<number> {
  let last = await bytesStreamed(page);
  for (let round = 0; round < 20; round++) {
    await new Promise((resolve) => setTimeout(resolve, 750));
    const now = await bytesStreamed(page);
    if (now === last) return now;
    last = now;
  }
  return last;
}

// The export's own workers (the render's lanes and the encoder), by their bundled file names.
const exportWorker = /(stretch-render|encode)-worker/;

/**
 * The export workers the page starts from now on: their addresses, and a wait until every one of
 * them is gone (done, or terminated by a Cancel).
 */
function watchWorkers(page: Page): { started: () => string[]; allClosed: () => Promise<void> } {
  const seen: { url: string; closed: boolean }[] = [];
  const onWorker = (worker: Worker) => {
    if (!exportWorker.test(worker.url())) return;
    const entry = { url: worker.url(), closed: false };
    seen.push(entry);
    worker.once('close', () => {
      entry.closed = true;
    });
  };
  page.on('worker', onWorker);
  return {
    started: () => seen.map((entry) => entry.url),
    allClosed: async () => {
      await expect.poll(() => seen.filter((entry) => !entry.closed).map((entry) => entry.url), { timeout: 30_000 }).toEqual([]);
      page.off('worker', onWorker);
    },
  };
}

/**
 * The engine's own offline render of the same mix, from the built app's engine module (the chunk
 * the player loads), run in the page: what the exported files must hold.
 */
async function engineRender(page: Page, songId: number, gains: Record<string, number>, mix: RenderSettings = { tempo: 1, loop: null }): Promise<{ sampleRate: number; channels: Float32Array[] }> {
  const chunk = readdirSync(path.join(repoRoot, 'client/dist/assets')).find((file) => /^stem-engine-[\w-]+\.js$/.test(file));
  expect(chunk).toBeTruthy();
  // Loaded by a string the page evaluates: vitest rewrites a dynamic import() in the test's code.
  await page.evaluate(`import('/assets/${chunk}').then((module) => { window.engineModuleForTest = module; })`);
  const rendered = await page.evaluate(
    async ({ songId: id, gains: levels, mix: { tempo, loop } }) => {
      const song = (await (await fetch(`/api/songs/${id}`)).json()) as { stems: { id: string; name: string; instrument: string; filePath: string }[] };
      interface EngineModule {
        StemEngine: {
          load(sources: { id: string; url: string }[], options: { drums: ReadonlySet<string> }): Promise<{
            renderMix(
              settings: { gains: Record<string, number>; tempo: number; transpose: number; loop: { start: number; end: number; passes: number } | null },
              onProgress?: (fraction: number) => void,
            ): Promise<AudioBuffer>;
            dispose(): void;
          }>;
        };
      }
      const { StemEngine } = (window as unknown as { engineModuleForTest: EngineModule }).engineModuleForTest;
      // The drum stems in their own stretch node, as the player loads them: the library stretches a
      // node's channels jointly, so another grouping renders other (equally valid) samples.
      const drums = new Set(song.stems.filter((stem) => [stem.name, stem.instrument].some((name) => /drum/i.test(name))).map((stem) => stem.id));
      const engine = await StemEngine.load(
        song.stems.map((stem) => ({ id: stem.id, url: stem.filePath })),
        { drums },
      );
      try {
        // With a progress callback, as the dialog renders: each report suspends the offline render.
        const buffer = await engine.renderMix({ gains: levels, tempo, transpose: 0, loop }, () => undefined);
        const channels = Array.from({ length: buffer.numberOfChannels }, (_, channel) => {
          const bytes = new Uint8Array(buffer.getChannelData(channel).buffer);
          let text = '';
          for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
          return btoa(text);
        });
        return { sampleRate: buffer.sampleRate, channels };
      } finally {
        engine.dispose();
      }
    },
    { songId, gains, mix },
  );
  return {
    sampleRate: rendered.sampleRate,
    channels: rendered.channels.map((base64) => {
      const bytes = Buffer.from(base64, 'base64');
      return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    }),
  };
}

/** The tempo and loop of an engine render (no transpose). */
interface RenderSettings {
  tempo: number;
  loop: { start: number; end: number; passes: number } | null;
}

/**
 * An MP3 decoded as the browser decodes it (Chromium's decodeAudioData, at `sampleRate` so nothing
 * is resampled): the first channel's length and its first `head` samples.
 */
async function decodedByBrowser(page: Page, mp3: Buffer, sampleRate: number, head: number): Promise<{ length: number; head: Float32Array }> {
  const decoded = await page.evaluate(
    async ({ base64, rate, count }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const audio = await new OfflineAudioContext(1, 1, rate).decodeAudioData(bytes.buffer);
      return { length: audio.length, head: Array.from(audio.getChannelData(0).subarray(0, count)) };
    },
    { base64: mp3.toString('base64'), rate: sampleRate, count: head },
  );
  return { length: decoded.length, head: Float32Array.from(decoded.head) };
}

/**
 * How many samples later than `reference` the same audio starts in `decoded`, within +-`range`: the
 * shift with the least squared difference over the reference's first `span` samples and the
 * silence before them (where a late start shows as music the reference does not have yet).
 */
function startOffset(decoded: Float32Array, reference: Float32Array, range: number, span: number): number {
  let best = { offset: 0, error: Infinity };
  for (let offset = -range; offset <= range; offset++) {
    let error = 0;
    for (let index = -range; index < span; index++) {
      const expected = index >= 0 ? reference[index]! : 0;
      const got = index + offset >= 0 ? (decoded[index + offset] ?? 0) : 0;
      error += (got - expected) ** 2;
    }
    if (error < best.error) best = { offset, error };
  }
  return best.offset;
}

function rms(samples: Float32Array): number {
  return Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
}

describe('export the mix (decision 0033)', () => {
  it('exports the mix heard as float WAV, 16-bit WAV (within one step of the float file) and MP3 from the loaded stems, streaming and billing nothing', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const songId = (await signInNewListener(page, baseUrl, 'export-mix')).get(parade.title)!;
    await page.goto(`${baseUrl}/player?songId=${songId}`);
    await page.getByRole('heading', { level: 1, name: parade.title }).waitFor();
    await toastTitled(page, 'Song loaded successfully');
    // The mix heard: bass muted.
    await page.getByRole('button', { name: 'Mute Bass' }).click();
    const gains = Object.fromEntries(
      await page.getByTestId('mixer-strip').evaluateAll((strips) => strips.map((strip) => [strip.getAttribute('data-group') ?? '', strip.getAttribute('data-muted') === 'true'] as const)),
    );
    expect(gains).toEqual({ Drums: false, Bass: true, Guitar: false, Vocals: false });

    const streamedBefore = await settledBytesStreamed(page);
    const streamGets: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/stems/stream/')) streamGets.push(request.url());
    });

    await page.getByRole('button', { name: 'EXPORT MIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Mix' });
    await dialog.getByText('3 of 4 stems (1 muted), tempo 100%, transpose 0 semitones', { exact: false }).waitFor();
    await saveScreenshot(page, 'export-dialog');
    const float = await exportAs(page, 'WAV, 32-bit float', 'export-dialog-progress');
    const pcm16 = await exportAs(page, 'WAV, 16-bit');
    const mp3 = await exportAs(page, 'MP3, 320 kbit/s');
    await saveScreenshot(page, 'export-dialog-done');
    expect([float.name, pcm16.name, mp3.name]).toEqual(['Sine Parade (Woodshed mix, 32-bit float).wav', 'Sine Parade (Woodshed mix).wav', 'Sine Parade (Woodshed mix).mp3']);
    console.log(
      `export of ${parade.title} (${parade.seconds} s, ${parade.stems.length} stems): float WAV ${float.bytes.length} bytes in ${float.seconds} s, ` +
        `16-bit WAV ${pcm16.bytes.length} bytes in ${pcm16.seconds} s, MP3 ${mp3.bytes.length} bytes in ${mp3.seconds} s`,
    );

    // Exporting streamed nothing and billed nothing.
    expect(streamGets).toEqual([]);
    expect(await settledBytesStreamed(page)).toBe(streamedBefore);

    const stemIds = await page.evaluate(async (id) => ((await (await fetch(`/api/songs/${id}`)).json()) as { stems: { id: string; name: string }[] }).stems, songId);
    const mix = Object.fromEntries(stemIds.map((stem) => [stem.id, stem.name === 'bass' ? 0 : 1]));
    const expected = await engineRender(page, songId, mix);
    const floatWav = decodeWav(float.bytes);
    const pcmWav = decodeWav(pcm16.bytes);
    expect(floatWav.sampleRate).toBe(expected.sampleRate);
    expect(pcmWav.sampleRate).toBe(expected.sampleRate);
    expect(floatWav.channelData).toHaveLength(expected.channels.length);
    for (let channel = 0; channel < expected.channels.length; channel++) {
      const reference = expected.channels[channel]!;
      const fromFloat = floatWav.channelData[channel]!;
      const fromPcm = pcmWav.channelData[channel]!;
      expect(fromFloat.length).toBe(reference.length);
      expect(fromPcm.length).toBe(fromFloat.length);
      // One render, two encodings: the 16-bit file is the float file within one step.
      let worstPcmSteps = 0;
      let worstDifferenceFromEngine = 0;
      for (let index = 0; index < fromFloat.length; index++) {
        const clipped = Math.max(-1, Math.min(1, fromFloat[index]!));
        worstPcmSteps = Math.max(worstPcmSteps, Math.abs(fromPcm[index]! - clipped) * 32768);
        worstDifferenceFromEngine = Math.max(worstDifferenceFromEngine, Math.abs(fromFloat[index]! - reference[index]!));
      }
      expect(worstPcmSteps).toBeLessThanOrEqual(1);
      // Against a second render of the same mix by the engine, loaded as the player loads it (the
      // drums in their own node): the bass muted in both (with it the level would be a third
      // higher), and the float file the engine's render sample for sample.
      expect(rms(fromFloat)).toBeGreaterThan(0.05);
      expect(Math.abs(rms(fromFloat) / rms(reference) - 1)).toBeLessThan(0.02);
      expect(worstDifferenceFromEngine).toBeLessThan(1e-6);
      console.log(`channel ${channel}: 16-bit within ${worstPcmSteps.toFixed(3)} steps of the float file; float file vs a second engine render: largest difference ${worstDifferenceFromEngine.toFixed(4)}, RMS ${rms(fromFloat).toFixed(4)} vs ${rms(reference).toFixed(4)}`);
    }
    const mp3Audio = await decodeMp3(mp3.bytes);
    expect(mp3Audio.sampleRate).toBe(expected.sampleRate);
    expect(mp3Audio.channelData).toHaveLength(2);
    const mp3Seconds = mp3Audio.channelData[0]!.length / mp3Audio.sampleRate;
    const renderSeconds = expected.channels[0]!.length / expected.sampleRate;
    expect(mp3Seconds).toBeGreaterThanOrEqual(renderSeconds - 0.01);
    expect(mp3Seconds).toBeLessThan(renderSeconds + 0.1);
    // Decoded by the browser, the MP3 starts on the float file's first sample and is as long: its
    // gapless header declares LAME's delay and padding (without it, the music came 1,105 samples late).
    const reference = floatWav.channelData[0]!;
    const range = 1500;
    const browserMp3 = await decodedByBrowser(page, mp3.bytes, floatWav.sampleRate, 4096 + 2 * range);
    const offset = startOffset(browserMp3.head, reference, range, 4096);
    console.log(`MP3 decoded by the browser: starts ${offset} samples after the float WAV; ${browserMp3.length} samples against the WAV's ${reference.length}`);
    expect(offset).toBe(0);
    expect(browserMp3.length).toBe(reference.length);
    await page.close();
  }, 240_000);

  it('Cancel stops a long export (no file, the dialog says so) and the loop-only export that follows is passes x loop / tempo long and holds the engine\'s render of the loop', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    const { songId, tools } = await openPracticeTools(page, baseUrl, 'export-loop');
    // The loop 1 s-3 s at 80%.
    await setLoop(page, tools, 1, 3.1);
    for (let step = 0; step < 4; step++) await tools.getByRole('button', { name: 'Slower' }).click();
    expect(await page.getByTestId('tempo-value').textContent()).toBe('80%');
    const loop = { start: 1, end: 3 };
    const tempo = 0.8;

    await page.getByRole('button', { name: 'EXPORT MIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Mix' });
    await dialog.getByRole('checkbox', { name: 'Only the loop (0:01-0:03)' }).check();
    await dialog.getByRole('spinbutton', { name: 'passes' }).fill(String(LOOP_PASSES.max));
    await dialog.getByRole('radio', { name: 'WAV, 32-bit float' }).check();
    // The most passes the dialog takes, 50 of 2 s at 80%: 2:05 of audio, many seconds of rendering.
    // Each Cancel below lands as late in its render as the machine is slow (at 27% under three busy
    // loops with 30 passes), and the second must land before its render ends.
    expect(await dialog.getByTestId('export-estimate').textContent()).toMatch(/^2:05 long/);
    const firstRun = watchWorkers(page);
    await dialog.getByRole('button', { name: 'Export' }).click();
    const bar = dialog.getByRole('progressbar');
    await page.waitForFunction(() => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0);
    const reached = Number(await bar.getAttribute('aria-valuenow'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Export cancelled: no file was made.' }).waitFor();
    await saveScreenshot(page, 'export-dialog-cancelled');
    expect(await dialog.getByTestId('export-dialog').getAttribute('data-phase')).toBe('cancelled');
    // The render stopped: its workers are gone, no encoder was started, and no bar came back.
    await firstRun.allClosed();
    expect(firstRun.started().some((url) => /stretch-render-worker/.test(url))).toBe(true);
    expect(firstRun.started().filter((url) => /encode-worker/.test(url))).toEqual([]);
    expect(await bar.count()).toBe(0);
    console.log(`cancelled at ${reached}% of rendering ${LOOP_PASSES.max} passes`);

    // Export the same mix again: the run waits for the render still going and its bar moves on
    // from there (the render's progress goes to the run waiting now); then cancel that one too.
    const secondRun = watchWorkers(page);
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.waitForFunction((after) => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > after, reached, { timeout: 30_000 });
    const reachedAgain = Number(await bar.getAttribute('aria-valuenow'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Export cancelled: no file was made.' }).waitFor();
    console.log(`the same mix exported again: its bar at ${reachedAgain}% when cancelled`);
    expect(reachedAgain).toBeLessThan(100);
    await secondRun.allClosed();
    expect(secondRun.started().filter((url) => /encode-worker/.test(url))).toEqual([]);

    // A new export: the loop 3 times.
    const passes = 3;
    await dialog.getByRole('spinbutton', { name: 'passes' }).fill(String(passes));
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    const status = await dialog
      .getByRole('status')
      .filter({ hasText: 'Exported' })
      .innerText()
      .catch(async (error: unknown) => {
        await saveScreenshot(page, 'export-loop-failure');
        throw new Error(`no "Exported" status at ${page.url()}; dialogs: ${(await page.getByRole('dialog').allInnerTexts()).join(' | ')}`, { cause: error });
      });
    const wav = decodeWav(await readFile((await download.path())!));

    // Its length: passes x loop length / tempo, within one 128-frame render block.
    const expectedFrames = (passes * (loop.end - loop.start) * wav.sampleRate) / tempo;
    const frames = wav.channelData[0]!.length;
    console.log(`loop export: ${frames} frames at ${wav.sampleRate} Hz (expected ${expectedFrames})`);
    expect(Math.abs(frames - expectedFrames)).toBeLessThanOrEqual(128);

    // Against the engine's own render of the loop (loaded as the player loads it): the same length,
    // the same level, and the same samples over the first pass.
    const stems = await page.evaluate(async (id) => ((await (await fetch(`/api/songs/${id}`)).json()) as { stems: { id: string }[] }).stems, songId);
    const expected = await engineRender(page, songId, Object.fromEntries(stems.map((stem) => [stem.id, 1])), { tempo, loop: { ...loop, passes } });
    expect(wav.sampleRate).toBe(expected.sampleRate);
    // And the engine against itself: a second render of the same loop, to tell the worklet's own
    // variation from a difference of the export's.
    const again = await engineRender(page, songId, Object.fromEntries(stems.map((stem) => [stem.id, 1])), { tempo, loop: { ...loop, passes } });
    let engineVariation = 0;
    for (let index = 0; index < again.channels[0]!.length; index++) engineVariation = Math.max(engineVariation, Math.abs(again.channels[0]![index]! - expected.channels[0]![index]!));
    console.log(`two engine renders of the loop: largest difference ${engineVariation.toFixed(4)}`);
    const firstPass = Math.round(((loop.end - loop.start) * wav.sampleRate) / tempo);
    for (let channel = 0; channel < expected.channels.length; channel++) {
      const reference = expected.channels[channel]!;
      const exported = wav.channelData[channel]!;
      expect(exported.length).toBe(reference.length);
      const exportedFirst = rms(exported.subarray(0, firstPass));
      const referenceFirst = rms(reference.subarray(0, firstPass));
      let largest = 0;
      for (let index = 0; index < firstPass; index++) largest = Math.max(largest, Math.abs(exported[index]! - reference[index]!));
      console.log(`channel ${channel}: first pass RMS ${exportedFirst.toFixed(4)} vs ${referenceFirst.toFixed(4)}, largest difference ${largest.toFixed(4)}; whole file RMS ${rms(exported).toFixed(4)} vs ${rms(reference).toFixed(4)}`);
      expect(exportedFirst).toBeGreaterThan(0.05);
      // The float file holds the engine's render of the loop, sample for sample.
      expect(largest).toBeLessThan(1e-6);
      expect(Math.abs(exportedFirst / referenceFirst - 1)).toBeLessThan(0.02);
      expect(Math.abs(rms(exported) / rms(reference) - 1)).toBeLessThan(0.02);
    }
    // The cancelled runs' workers were gone before this export began, so nothing of theirs can
    // make a file: this export's is the only download.
    console.log(`loop export of ${passes} passes in ${Number(/in ([\d.]+) s\./.exec(status)?.[1])} s`);
    expect(downloads).toEqual(['Sine Parade (Woodshed mix, 32-bit float).wav']);
    await page.close();
  }, 240_000);
});
