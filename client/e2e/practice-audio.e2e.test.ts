import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestStep, onsets, peakFrequency, soundingSpan } from './audio-analysis';
import { launchBrowser } from './browser';
import type { TestBrowser } from './browser';
import { servePracticeAudioPage, wavBytes } from './practice-audio-page';

// The engine's offline render checked on the signal (decision 0032): generated stems with known content
// go through the same stretch graph the player uses, and the output is measured, not trusted.
const SAMPLE_RATE = 48_000;
const SONG_SECONDS = 8;
const TONE_HZ = 440;
/** The pitched stem sounds from 1 s to 5 s. */
const TONE_SPAN = { start: 1, end: 5 };
/** The drum stem: a 2 kHz tick every second from 0.5 s; a pitch shift would move its 2 kHz. */
const DRUM_ONSETS = Array.from({ length: 8 }, (_, index) => 0.5 + index);
const DRUM_HZ = 2000;
/** The loop stem: a steady tone whose 2 s loop does not hold a whole number of cycles. */
const LOOP_HZ = 441.3;

function generate(seconds: number, sample: (time: number) => number): Float32Array {
  return Float32Array.from({ length: seconds * SAMPLE_RATE }, (_, index) => sample(index / SAMPLE_RATE));
}

function fade(time: number, start: number, end: number, ramp = 0.02): number {
  return Math.max(0, Math.min(1, (time - start) / ramp, (end - time) / ramp));
}

const stems = {
  'tone.wav': wavBytes(
    generate(SONG_SECONDS, (time) => 0.5 * fade(time, TONE_SPAN.start, TONE_SPAN.end) * Math.sin(2 * Math.PI * TONE_HZ * time)),
    SAMPLE_RATE,
  ),
  'drums.wav': wavBytes(
    generate(SONG_SECONDS, (time) => {
      const hit = DRUM_ONSETS.find((onset) => time >= onset && time < onset + 0.08);
      return hit === undefined ? 0 : 0.8 * Math.exp(-(time - hit) / 0.02) * Math.sin(2 * Math.PI * DRUM_HZ * (time - hit));
    }),
    SAMPLE_RATE,
  ),
  'steady.wav': wavBytes(
    generate(SONG_SECONDS, (time) => 0.5 * Math.sin(2 * Math.PI * LOOP_HZ * time)),
    SAMPLE_RATE,
  ),
};

let browser: TestBrowser;
let server: Server;
let page: Page;

beforeAll(async () => {
  const served = await servePracticeAudioPage(stems);
  server = served.server;
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(served.url);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

interface RenderRequest {
  stems: { id: string; drums: boolean }[];
  settings: { gains: Record<string, number>; tempo: number; transpose: number; loop: { start: number; end: number; passes: number } | null };
}

/** Decodes the served stems and renders them with the engine's renderMix; channel 0 comes back. */
async function render(request: RenderRequest): Promise<{ samples: number[]; sampleRate: number; progress: number[] }> {
  return page.evaluate(async ({ stems: wanted, settings, sampleRate }) => {
    const decoder = new OfflineAudioContext(1, 1, sampleRate);
    const decoded = await Promise.all(
      wanted.map(async (stem) => ({ id: stem.id, drums: stem.drums, buffer: await decoder.decodeAudioData(await (await fetch(`/${stem.id}`)).arrayBuffer()) })),
    );
    const progress: number[] = [];
    const { renderMix } = (window as unknown as { RenderMix: { renderMix: (...args: unknown[]) => Promise<AudioBuffer> } }).RenderMix;
    const output = await renderMix(decoded, settings, (fraction: number) => progress.push(fraction));
    return { samples: Array.from(output.getChannelData(0)), sampleRate: output.sampleRate, progress };
  }, { ...request, sampleRate: SAMPLE_RATE });
}

describe('practice audio: offline render through the stretch graph', () => {
  it('at 0.75x and +2 semitones the tone moves up 2 semitones and lasts 1/0.75 as long', async () => {
    const tempo = 0.75;
    const { samples, sampleRate, progress } = await render({
      stems: [
        { id: 'tone.wav', drums: false },
        { id: 'drums.wav', drums: true },
      ],
      settings: { gains: { 'tone.wav': 1, 'drums.wav': 0 }, tempo, transpose: 2, loop: null },
    });
    expect(samples.length).toBe(Math.ceil((SONG_SECONDS / tempo) * sampleRate));
    const middle = Math.round(((TONE_SPAN.start + TONE_SPAN.end) / 2 / tempo) * sampleRate);
    const frequency = peakFrequency(samples, middle - 32_768, 65_536, sampleRate);
    console.log(`tone: ${frequency.toFixed(2)} Hz (expected ${(TONE_HZ * 2 ** (2 / 12)).toFixed(2)})`);
    // Within 10 cents of two semitones (a semitone is 100 cents).
    const cents = 1200 * Math.log2(frequency / TONE_HZ);
    expect(Math.abs(cents - 200)).toBeLessThan(10);
    const span = soundingSpan(samples, sampleRate, 0.1);
    console.log(`tone sounds ${span.start.toFixed(3)}..${span.end.toFixed(3)} s (expected ${(TONE_SPAN.start / tempo).toFixed(3)}..${(TONE_SPAN.end / tempo).toFixed(3)})`);
    expect(Math.abs(span.start - TONE_SPAN.start / tempo)).toBeLessThan(0.08);
    expect(Math.abs(span.end - span.start - (TONE_SPAN.end - TONE_SPAN.start) / tempo)).toBeLessThan(0.1);
    // Progress came in order and ended complete.
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('the drum stem follows the tempo only: onsets at onset/0.75, its pitch unchanged', async () => {
    const tempo = 0.75;
    const { samples, sampleRate } = await render({
      stems: [
        { id: 'tone.wav', drums: false },
        { id: 'drums.wav', drums: true },
      ],
      settings: { gains: { 'tone.wav': 0, 'drums.wav': 1 }, tempo, transpose: 2, loop: null },
    });
    const found = onsets(samples, sampleRate, 0.2, 0.3);
    console.log(`drum onsets ${found.map((time) => time.toFixed(4)).join(', ')}`);
    const expected = DRUM_ONSETS.map((onset) => onset / tempo);
    expect(found).toHaveLength(expected.length);
    found.forEach((time, index) => expect(Math.abs(time - expected[index]!)).toBeLessThan(0.02));
    const hit = Math.round(expected[3]! * sampleRate);
    const frequency = peakFrequency(samples, hit, 2048, sampleRate);
    console.log(`drum tick: ${frequency.toFixed(1)} Hz (unshifted ${DRUM_HZ}, shifted would be ${(DRUM_HZ * 2 ** (2 / 12)).toFixed(1)})`);
    expect(Math.abs(frequency / DRUM_HZ - 1)).toBeLessThan(0.03);
  });

  it('an A-B loop of 2 s rendered for 5 passes has no discontinuity at the seams', async () => {
    const loop = { start: 2, end: 4, passes: 5 };
    const { samples, sampleRate } = await render({
      stems: [{ id: 'steady.wav', drums: false }],
      settings: { gains: { 'steady.wav': 1 }, tempo: 1, transpose: 0, loop },
    });
    expect(samples.length).toBe(Math.ceil(2 * 5 * sampleRate));
    // The rendered signal's normal largest step, in the middle of the first pass, far from a seam
    // (the stretch modulates a sine's level by a few percent, so not the generated sine's step).
    const normalStep = largestStep(samples, 0.5 * sampleRate, 1.5 * sampleRate);
    const seams = [1, 2, 3, 4].map((pass) => pass * 2 * sampleRate);
    for (const seam of seams) {
      const step = largestStep(samples, seam - 2400, seam + 2400);
      const level = soundingSpan(samples.slice(seam - 2400, seam + 2400), sampleRate, 0.25);
      console.log(`seam at ${seam / sampleRate} s: largest step ${step.toFixed(4)} (normal ${normalStep.toFixed(4)}), sounding ${level.start}..${level.end}`);
      expect(step).toBeLessThanOrEqual(normalStep * 1.1);
      // No gap: the level stays up through the whole 100 ms around the seam.
      expect(level).toEqual({ start: 0, end: 0.1 });
    }
  });

  it('a take mixed into the export lies at its placed offset in every pass of the loop, at the tempo it was recorded at', async () => {
    // Clicks at take times 0.1 s and 0.5 s, the take placed at song second 1.5 and recorded at 0.75x; the band muted.
    const found = await page.evaluate(async (sampleRate) => {
      const decoder = new OfflineAudioContext(1, 1, sampleRate);
      const buffer = await decoder.decodeAudioData(await (await fetch('/tone.wav')).arrayBuffer());
      const samples = new Float32Array(sampleRate);
      samples[Math.round(0.1 * sampleRate)] = 0.8;
      samples[Math.round(0.5 * sampleRate)] = 0.8;
      const take = { samples, sampleRate, placement: { startSeconds: 1.5, tempo: 0.75, transpose: 0, duration: 1 }, gain: 1 };
      const { renderMix } = (window as unknown as { RenderMix: { renderMix: (...args: unknown[]) => Promise<AudioBuffer> } }).RenderMix;
      const output = await renderMix([{ id: 'tone.wav', drums: false, buffer }], { gains: { 'tone.wav': 0 }, tempo: 0.75, transpose: 0, loop: { start: 1, end: 3, passes: 2 }, take });
      return [0, 1].map((side) => {
        const channel = output.getChannelData(side);
        return channel.reduce<number[]>((times, sample, index) => (sample > 0.5 ? [...times, index / sampleRate] : times), []);
      });
    }, SAMPLE_RATE);
    // Song second 1.5 + 0.1 x 0.75 is music second (1.575 - 1) / 0.75, and again one pass (2 / 0.75 s) later.
    const pass = 2 / 0.75;
    const expected = [0.575, 0.875].map((song) => song / 0.75).flatMap((time) => [time, time + pass]).sort((a, b) => a - b);
    for (const side of found) {
      expect(side).toHaveLength(4);
      side.forEach((time, index) => expect(Math.abs(time - expected[index]!)).toBeLessThan(1.5 / SAMPLE_RATE));
    }
  });

  it('count-in clicks land on the beat grid within 1 ms', async () => {
    const result = await page.evaluate(async (sampleRate) => {
      try {
      const { ClickTrack } = (window as unknown as { ClickTrack: { ClickTrack: new (context: BaseAudioContext, destination: AudioNode) => { schedule(clicks: unknown[]): void } } }).ClickTrack;
      const beatGrid = (window as unknown as { BeatGrid: { beatGridOf(bpm: number): unknown; countInClicks(grid: unknown, bars: number, startAt: number, tempo: number): { time: number; accent: boolean }[] } }).BeatGrid;
      const context = new OfflineAudioContext(1, sampleRate * 8, sampleRate);
      const track = new ClickTrack(context, context.destination);
      // 2 bars of 97 BPM at 0.8x, playback starting at 7.2 s: a grid that falls between samples.
      const clicks = beatGrid.countInClicks(beatGrid.beatGridOf(97), 2, 7.2, 0.8);
      track.schedule(clicks);
      const rendered = (await context.startRendering()).getChannelData(0);
      const found: number[] = [];
      let quiet = 0;
      for (let index = 0; index < rendered.length; index++) {
        if (Math.abs(rendered[index]!) > 0) {
          if (index - quiet > sampleRate * 0.1) found.push(index / sampleRate);
          quiet = index + 1;
        }
      }
      return { times: clicks.map((click) => click.time), onsetsFound: found, error: null };
      } catch (error) {
        return { times: [], onsetsFound: [], error: String(error) };
      }
    }, SAMPLE_RATE);
    // A page error comes back as text: its stack would name the page's URL, which vitest tries to read.
    expect(result.error).toBeNull();
    const { times, onsetsFound } = result;
    const beat = 60 / 97 / 0.8;
    const expected = Array.from({ length: 8 }, (_, index) => 7.2 - (8 - index) * beat);
    times.forEach((time, index) => expect(time).toBeCloseTo(expected[index]!, 9));
    console.log(`count-in onsets ${onsetsFound.map((time) => time.toFixed(5)).join(', ')}`);
    expect(onsetsFound).toHaveLength(8);
    onsetsFound.forEach((time, index) => expect(Math.abs(time - expected[index]!)).toBeLessThan(0.001));
  });
});
