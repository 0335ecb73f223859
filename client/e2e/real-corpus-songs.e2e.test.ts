import decodeWav from '@audio/decode-wav';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanProgress } from '../../contract/scan-progress';
import type { Song } from '../../contract/song';
import { stemRequestHeaders } from '../src/lib/audio/stem-request-headers';
import { type AppProcess, startApp } from './app-process';
import { type TestBrowser, launchBrowser } from './browser';
import { exportAs } from './export-dialog';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { repoRoot } from './repo-root';
import { saveScreenshot } from './screenshot';

// Three pieces of the real corpus (docs/real-corpus.md), cut short, built once for this file with the
// corpus builder: every audio format a musician has, mixed rates and channel counts, unicode names,
// tags and cover art. Unidentified Flying Scotsman takes the mixed profile (wav 48 kHz, mp3 22.05
// kHz mono, ogg 32 kHz, flac 44.1 kHz mono, m4a 48 kHz with cover, stem by stem, numbered names in
// two languages), Linn’s basket of treats mp3s with ID3 tags and cover, Greensleeves flacs with tags
// and cover. In a songs directory and app of their own: the shared fixture library's song list is
// what the other files count, and only this file needs the audio tools and the time the build takes.
const subset = [
  { slug: 'flying-scotsman', profileIndex: 5, excerptSeconds: 6 },
  { slug: 'linns-basket', profileIndex: 0, excerptSeconds: 6 },
  { slug: 'greensleeves', profileIndex: 3, excerptSeconds: 6 },
];
/** What the corpus's manifest.json says of a piece (docs/real-corpus.md). */
interface ManifestPiece {
  title: string;
  formatProfile: string;
  durationSeconds: number;
  stems: { file: string; format: string; sampleRate: number; channels: number }[];
}
let outDir: string;
let pieces: ManifestPiece[];
let app: AppProcess;
let browser: TestBrowser;
const fileStarted = performance.now();

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'woodshed-e2e-real-corpus-'));
  const building = performance.now();
  // The builder is server-side code: run as its own process, as the app is.
  const spec = subset.map((piece) => `${piece.slug}:${piece.profileIndex}:${piece.excerptSeconds}`).join(',');
  await promisify(execFile)('npx', ['tsx', 'scripts/real-corpus/build-corpus-subset.ts', '--out', outDir, '--pieces', spec], { cwd: repoRoot });
  pieces = (JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as { pieces: ManifestPiece[] }).pieces;
  console.log(`corpus subset: ${pieces.length} pieces, ${pieces.reduce((sum, piece) => sum + piece.stems.length, 0)} stems, built in ${((performance.now() - building) / 1000).toFixed(1)} s`);
  [app, browser] = await Promise.all([startApp({ songsDir: path.join(outDir, 'songs') }), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
  console.log(`real corpus songs file: ${((performance.now() - fileStarted) / 1000).toFixed(1)} s`);
});

/**
 * The song's stems fetched as the player fetches them, decoded by Chromium at `sampleRate` (as the
 * engine decodes them into its context), and summed at unity gain, a mono stem on both sides.
 */
async function stemSum(page: Page, song: Song, sampleRate: number): Promise<Float32Array[]> {
  const sum = await page.evaluate(
    async ({ urls, rate, headers }) => {
      const decoded = await Promise.all(
        urls.map(async (url) => new OfflineAudioContext(1, 1, rate).decodeAudioData(await (await fetch(url, { credentials: 'include', headers })).arrayBuffer())),
      );
      const length = Math.max(...decoded.map((buffer) => buffer.length));
      const sides = [new Float32Array(length), new Float32Array(length)];
      for (const buffer of decoded) {
        for (let side = 0; side < 2; side++) {
          const source = buffer.getChannelData(Math.min(side, buffer.numberOfChannels - 1));
          const into = sides[side]!;
          for (let index = 0; index < source.length; index++) into[index]! += source[index]!;
        }
      }
      return sides.map((side) => {
        const bytes = new Uint8Array(side.buffer);
        let text = '';
        for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
        return btoa(text);
      });
    },
    { urls: song.stems.map((stem) => stem.filePath), rate: sampleRate, headers: { ...stemRequestHeaders } },
  );
  return sum.map((base64) => {
    const bytes = Buffer.from(base64, 'base64');
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  });
}

/** The lag (samples `b` is behind `a`) within +-`range` with the largest normalised cross-correlation over a second from `from`. */
function bestLag(a: Float32Array, b: Float32Array, from: number, span: number, range: number): number {
  let best = { lag: 0, score: -Infinity };
  for (let lag = -range; lag <= range; lag++) {
    let dot = 0;
    let energy = 0;
    for (let index = from; index < from + span; index++) {
      const other = b[index + lag] ?? 0;
      dot += a[index]! * other;
      energy += other * other;
    }
    const score = energy === 0 ? -Infinity : dot / Math.sqrt(energy);
    if (score > best.score) best = { lag, score };
  }
  return best.lag;
}

/** The energy of `a - b` over the energy of `b`, in dB. */
function residualDb(a: Float32Array, b: Float32Array): number {
  let difference = 0;
  let energy = 0;
  for (let index = 0; index < b.length; index++) {
    difference += (a[index]! - b[index]!) ** 2;
    energy += b[index]! ** 2;
  }
  return 10 * Math.log10(difference / energy);
}

/** Where the loudest second of `samples` starts (in steps of a tenth of a second). */
function loudestSecond(samples: Float32Array, sampleRate: number): number {
  let best = { from: 0, energy: -1 };
  for (let from = 0; from + sampleRate <= samples.length; from += Math.round(sampleRate / 10)) {
    let energy = 0;
    for (let index = from; index < from + sampleRate; index++) energy += samples[index]! ** 2;
    if (energy > best.energy) best = { from, energy };
  }
  return best.from;
}

describe('real song folders: scanned, played and exported', () => {
  it('every song of the corpus subset scans and is analysed with no problem, loads, plays its stems from one start time, and exports the sum of its stems', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    const problems = watchPageProblems(page);
    // The subset holds every format the scan reads.
    expect([...new Set(pieces.flatMap((piece) => piece.stems.map((stem) => stem.format)))].sort()).toEqual(['flac', 'm4a', 'mp3', 'ogg', 'wav']);
    const ids = await signInNewListener(page, app.baseUrl, 'real-corpus');
    const progress = (await (await page.request.get(`${app.baseUrl}/api/songs/scan/progress`)).json()) as ScanProgress;
    expect(progress.problems).toEqual([]);
    expect(progress.summary).toMatchObject({ catalogued: pieces.length });
    expect([...ids.keys()].sort()).toEqual(pieces.map((piece) => piece.title).sort());

    for (const truth of pieces) {
      const songId = ids.get(truth.title)!;
      const song = (await (await page.request.get(`${app.baseUrl}/api/songs/${songId}`)).json()) as Song;
      expect(song.problems).toEqual([]);
      expect(song.stems.map((stem) => stem.filename).sort()).toEqual(truth.stems.map((stem) => stem.file).sort());
      for (const stem of song.stems) expect(stem.durationSeconds).toBeCloseTo(truth.durationSeconds, 1);
      // Analysed from the stems alone (song.json gives title and genre only).
      expect(song.bpm).not.toBeNull();
      expect(song.key).not.toBeNull();
      expect({ hasLyrics: song.hasLyrics, sections: song.sections }).toEqual({ hasLyrics: false, sections: [] });

      await openSong(page, app.baseUrl, songId);
      await page.getByRole('heading', { level: 1, name: truth.title }).waitFor();
      // No lyrics, no sections: no KARAOKE button and no section row (the spec shows them only when the song has them).
      expect(await page.getByRole('button', { name: 'KARAOKE' }).count()).toBe(0);
      expect(await page.getByRole('group', { name: 'Sections' }).count()).toBe(0);

      // Played: the engine starts every stem at one audio-clock time, whatever its format and rate.
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await page.locator('[data-testid="player-body"][data-playing="true"]').waitFor();
      const startTimes = JSON.parse((await page.getByTestId('player-body').getAttribute('data-start-times')) ?? '{}') as Record<string, number>;
      expect(Object.keys(startTimes).sort()).toEqual(song.stems.map((stem) => stem.id).sort());
      expect(new Set(Object.values(startTimes)).size).toBe(1);
      if (truth === pieces[0]) await saveScreenshot(page, 'player-real-corpus-song');
      await page.getByRole('button', { name: 'Pause', exact: true }).click();

      // Exported at the defaults (every stem at unity, 100%, no transpose): the sum of the stems.
      await page.getByRole('button', { name: 'EXPORT MIX' }).click();
      const exported = await exportAs(page, 'WAV, 32-bit float');
      await page.getByRole('dialog', { name: 'Export Mix' }).getByRole('button', { name: 'Close', exact: true }).click();
      const wav = decodeWav(exported.bytes);
      const sum = await stemSum(page, song, wav.sampleRate);
      for (let side = 0; side < 2; side++) {
        const mix = wav.channelData[side]!;
        const reference = sum[side]!;
        expect(mix.length).toBe(reference.length);
        const from = loudestSecond(reference, wav.sampleRate);
        const lag = bestLag(reference, mix, from, wav.sampleRate, 256);
        const residual = residualDb(mix, reference);
        console.log(`${truth.title} (${truth.formatProfile}), channel ${side}: export ${mix.length} samples at ${wav.sampleRate} Hz, lag ${lag}, residual against the stems' sum ${residual.toFixed(1)} dB`);
        expect(lag).toBe(0);
        expect(residual).toBeLessThan(-60);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 600_000);
});
