import { readFile, readdir, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { CDPSession } from 'playwright-core';
import { chromiumPath } from '../../client/e2e/browser';
import { measureTabMemory, memorySessions } from '../../client/e2e/client-bench-measure';
import { wavBytes } from '../../client/e2e/practice-audio-page';
import { type LiveGraphKind, decodeBenchStems, timeLiveGraph } from '../../client/e2e/practice-bench-measure';
import { pauseBand, playBand, startTake, stopTake, takeFramesWritten } from '../../client/e2e/recording-bench-measure';
import { benchChromiumArgs } from './client-bench-app';

/** The renderer's audio threads by name (Chromium's, cut to 15 characters): where the band is rendered and the microphone read. */
const AUDIO_THREAD = /audio|worklet|realtime/i;

/** CPU nanoseconds per audio thread of every renderer process, from /proc's schedstat (nanosecond resolution, unlike stat's ticks). */
async function audioThreadNanos(browserSession: CDPSession): Promise<Map<string, number>> {
  const { processInfo } = (await browserSession.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
  const nanos = new Map<string, number>();
  for (const { id } of processInfo.filter((info) => info.type === 'renderer')) {
    const threads = await readdir(`/proc/${id}/task`).catch(() => [] as string[]);
    for (const thread of threads) {
      const name = (await readFile(`/proc/${id}/task/${thread}/comm`, 'utf8').catch(() => '')).trim();
      if (!AUDIO_THREAD.test(name)) continue;
      const onCpu = Number((await readFile(`/proc/${id}/task/${thread}/schedstat`, 'utf8').catch(() => '0')).split(' ')[0]);
      const key = `${name} ${id}/${thread}`;
      nanos.set(key, (nanos.get(key) ?? 0) + onCpu);
    }
  }
  return nanos;
}

/** The audio threads' CPU seconds over `work()`, in all and per thread, and the wall seconds it took. */
async function audioThreadCpu(browserSession: CDPSession, work: () => Promise<unknown>): Promise<{ seconds: number; wallSeconds: number; threads: Record<string, number> }> {
  const before = await audioThreadNanos(browserSession);
  const started = performance.now();
  await work();
  const after = await audioThreadNanos(browserSession);
  const threads: Record<string, number> = {};
  for (const [key, value] of after) threads[key] = (value - (before.get(key) ?? 0)) / 1e9;
  return { seconds: Object.values(threads).reduce((sum, value) => sum + value, 0), wallSeconds: (performance.now() - started) / 1000, threads };
}

/** The audio threads' CPU over `wait()`, as a share of one core, with each thread's share. */
async function audioThreadShare(browserSession: CDPSession, wait: () => Promise<void>): Promise<{ share: number; threads: Record<string, number> }> {
  const used = await audioThreadCpu(browserSession, wait);
  const threads = Object.fromEntries(Object.entries(used.threads).map(([name, seconds]) => [name, seconds / used.wallSeconds]));
  return { share: used.seconds / used.wallSeconds, threads };
}

/** Offline renders of 30 s of the stems through one graph, without and with a take recording: the audio threads' CPU seconds and the render's wall seconds. */
export interface OfflineRecordingRun {
  kind: LiveGraphKind;
  offCpu: number;
  onCpu: number;
  offWall: number;
  onWall: number;
  load: number;
}

/** One pair of phases: the band alone, then the band while a take records. */
export interface RecordingRun {
  offShare: number;
  onShare: number;
  offThreads: Record<string, number>;
  onThreads: Record<string, number>;
  load: number;
  /** Memory growth between two points of the take (after a full GC each), against the PCM recorded between them. */
  heapGrowthBytes: number;
  rssGrowthBytes: number;
  pcmBytes: number;
  framesWritten: number;
  problem: string | null;
}

/**
 * The band playing live in headless Chromium (real output clock, no sound card) with and without a take
 * recording from Chromium's fake capture device fed `microphone`, in the same browser and interleaved;
 * each recording phase also measures the memory the tab gains while the take grows.
 */
export async function measureLiveRecording(options: {
  url: string;
  ids: readonly string[];
  microphone: Float32Array;
  sampleRate: number;
  runs: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<{ offline: OfflineRecordingRun[]; live: RecordingRun[] }> {
  const { url, ids, runs, seconds, log } = options;
  const folder = await mkdtemp(path.join(tmpdir(), 'woodshed-recording-bench-'));
  const microphoneFile = path.join(folder, 'microphone.wav');
  await writeFile(microphoneFile, wavBytes(options.microphone, options.sampleRate));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...benchChromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${microphoneFile}`],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    const { pageSession, browserSession } = await memorySessions(browser, page);
    await decodeBenchStems(page, ids, options.sampleRate);
    // The bench's offline measure, read as the audio threads' CPU time, which the machine's load does not inflate as it does the wall time.
    const offline: OfflineRecordingRun[] = [];
    for (let run = 0; run < runs; run++) {
      for (const kind of ['plain', 'stretch'] as const) {
        const load = loadavg()[0]!;
        let offWall = 0;
        let onWall = 0;
        const off = await audioThreadCpu(browserSession, async () => (offWall = await timeLiveGraph(page, 30, kind)));
        const on = await audioThreadCpu(browserSession, async () => (onWall = await timeLiveGraph(page, 30, kind, true)));
        offline.push({ kind, offCpu: off.seconds, onCpu: on.seconds, offWall, onWall, load });
        log(
          `run ${run + 1}: offline render of 30 s through ${kind}: audio threads ${off.seconds.toFixed(2)} s of CPU, ${on.seconds.toFixed(2)} s while a take records (${(on.seconds / off.seconds).toFixed(2)}x; wall ${offWall.toFixed(2)} s and ${onWall.toFixed(2)} s, load ${load.toFixed(1)})`,
        );
      }
    }
    const results: RecordingRun[] = [];
    const pause = (ms: number) => () => page.waitForTimeout(ms);
    for (let run = 0; run < runs; run++) {
      const load = loadavg()[0]!;
      await playBand(page, ids);
      await page.waitForTimeout(1000);
      const off = await audioThreadShare(browserSession, pause(seconds * 1000));
      await playBand(page, ids);
      await startTake(page);
      // The first blocks written (and IndexedDB's first transactions) settle before memory is read.
      await page.waitForTimeout(2000);
      const memoryBefore = await measureTabMemory(page, pageSession, browserSession);
      const framesBefore = await takeFramesWritten(page);
      const on = await audioThreadShare(browserSession, pause(seconds * 1000));
      const memoryAfter = await measureTabMemory(page, pageSession, browserSession);
      const framesAfter = await takeFramesWritten(page);
      const stopped = await stopTake(page);
      await pauseBand(page);
      const result: RecordingRun = {
        offShare: off.share,
        onShare: on.share,
        offThreads: off.threads,
        onThreads: on.threads,
        load,
        heapGrowthBytes: memoryAfter.jsHeapUsedBytes - memoryBefore.jsHeapUsedBytes,
        rssGrowthBytes: memoryAfter.rendererRssBytes - memoryBefore.rendererRssBytes,
        // What the recorder stores per frame: one 32-bit float.
        pcmBytes: (framesAfter - framesBefore) * 4,
        framesWritten: stopped.frames,
        problem: stopped.problem,
      };
      results.push(result);
      const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
      const named = (threads: Record<string, number>) =>
        Object.entries(threads)
          .filter(([, share]) => share > 0)
          .map(([name, share]) => `${name} ${percent(share)}`)
          .join(', ');
      log(
        `run ${run + 1}: live audio threads ${percent(off.share)} of one core without recording, ${percent(on.share)} recording (${(on.share / off.share).toFixed(2)}x; off: ${named(off.threads)}; on: ${named(on.threads)}); ` +
          `take grew ${(result.pcmBytes / 1e6).toFixed(1)} MB of PCM while the heap grew ${(result.heapGrowthBytes / 1e6).toFixed(2)} MB and the renderers' RSS ${(result.rssGrowthBytes / 1e6).toFixed(2)} MB (load ${load.toFixed(1)})` +
          (stopped.problem ? `; the take ended with ${stopped.problem}` : ''),
      );
    }
    return { offline, live: results };
  } finally {
    await browser.close();
    await rm(folder, { recursive: true, force: true });
  }
}
