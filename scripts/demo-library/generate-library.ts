/** The demo library, generated in a pool of worker threads (longest songs first), then the ground-truth file. */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { arrange } from './arrangement';
import type { SongTruth } from './compose-song';
import type { SongTask, SongTaskResult } from './song-task';
import { type SongPlan, songPlans } from './song-plans';

export interface LibraryOptions {
  songsDir: string;
  truthPath: string;
  songCount: number;
  seed: string;
  /** The plans to draw from (the library's own by default; tests pass short ones). */
  plans?: readonly SongPlan[];
  workers?: number;
  onSongDone?: (result: SongTaskResult, done: number, total: number) => void;
}

export interface LibraryReport {
  songs: SongTaskResult[];
  bytes: number;
  seconds: number;
}

export interface TruthFile {
  seed: string;
  songs: SongTruth[];
}

type WorkerReply = { ok: true; result: SongTaskResult } | { ok: false; slug: string; message: string };

export async function generateDemoLibrary(options: LibraryOptions): Promise<LibraryReport> {
  const plans = options.plans ?? songPlans;
  if (!Number.isInteger(options.songCount) || options.songCount < 1 || options.songCount > plans.length) {
    throw new RangeError(`The demo library has 1 to ${plans.length} songs, not ${options.songCount}`);
  }
  const songsDir = resolve(options.songsDir);
  const truthPath = resolve(options.truthPath);
  if (truthPath.startsWith(`${songsDir}/`)) throw new RangeError('The ground-truth file must stay outside the songs directory, or the library would ship its own answers');
  await mkdir(songsDir, { recursive: true });
  const started = performance.now();
  const queue: SongTask[] = plans
    .slice(0, options.songCount)
    .map((plan, index) => ({ index, plan, seed: options.seed, songsDir }))
    .sort((a, b) => arrange(b.plan).durationSeconds - arrange(a.plan).durationSeconds);
  const total = queue.length;
  const results: SongTaskResult[] = [];
  const workerCount = Math.max(1, Math.min(options.workers ?? availableParallelism(), total));
  const workers = Array.from({ length: workerCount }, () => startWorker());
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let task = queue.shift(); task; task = queue.shift()) {
          const result = await runOn(worker, task);
          results.push(result);
          options.onSongDone?.(result, results.length, total);
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  results.sort((a, b) => a.index - b.index);
  const truth: TruthFile = { seed: options.seed, songs: results.map((result) => result.truth) };
  await mkdir(dirname(truthPath), { recursive: true });
  await writeFile(truthPath, `${JSON.stringify(truth, null, 2)}\n`);
  return { songs: results, bytes: results.reduce((sum, result) => sum + result.bytes, 0), seconds: (performance.now() - started) / 1000 };
}

/** A worker running song-worker.ts through tsx's API (workers do not inherit tsx's loader on Node 20). */
function startWorker(): Worker {
  const entry = new URL('./song-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true });
}

function runOn(worker: Worker, task: SongTask): Promise<SongTaskResult> {
  return new Promise((resolvePromise, reject) => {
    const onMessage = (reply: WorkerReply) => {
      cleanup();
      if (reply.ok) resolvePromise(reply.result);
      else reject(new Error(`Song ${reply.slug} failed: ${reply.message}`));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`A generation worker stopped (exit code ${code})`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(task);
  });
}
