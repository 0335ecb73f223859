import { Worker } from 'node:worker_threads';
import type { AnalysisReply, AnalysisRequest } from './analysis-messages';
import type { HarmonyAnalysis, TempoAnalysis } from './song-analysis';

/** The worker is stopped after this long without work, so an idle server holds no WebAssembly heap. */
const idleMs = 30_000;
/** Cap of the worker's JavaScript heap (decoded windows live there); WebAssembly memory comes on top. */
const workerHeapMb = 768;

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * Audio analysis off the API's thread: one worker thread, one request at a time (so analysing a
 * library never takes more than one core and one song's memory), started on first use and stopped
 * when idle. A worker that dies (out of memory on a huge file) fails its request; the next starts a new one.
 */
export class SongAnalyser {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  /** Tempo (BPM) and beats of a song from its stem files (absolute paths). */
  tempo(stems: readonly string[]): Promise<TempoAnalysis> {
    return this.enqueue({ kind: 'tempo', stems: [...stems] }) as Promise<TempoAnalysis>;
  }

  /** Key and chord charts of a song; `beats` from {@link tempo} place the chord changes. */
  harmony(stems: readonly string[], beats: readonly number[]): Promise<HarmonyAnalysis> {
    return this.enqueue({ kind: 'harmony', stems: [...stems], beats: [...beats] }) as Promise<HarmonyAnalysis>;
  }

  /** Stop the worker now (tests, shutdown); a later request starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private enqueue(request: DistributiveOmit<AnalysisRequest, 'id'>): Promise<TempoAnalysis | HarmonyAnalysis> {
    const run = this.queue.then(() => this.run({ ...request, id: this.nextId++ } as AnalysisRequest));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(request: AnalysisRequest): Promise<TempoAnalysis | HarmonyAnalysis> {
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= startWorker());
    // Referenced while it works (a script awaiting the answer must not exit), not while idle.
    worker.ref();
    return new Promise<TempoAnalysis | HarmonyAnalysis>((resolve, reject) => {
      const onMessage = (reply: AnalysisReply | { ready: true }) => {
        if (!('id' in reply) || reply.id !== request.id) return;
        cleanup();
        if (reply.ok) resolve(reply.result);
        else reject(new Error(reply.message));
      };
      const onError = (error: Error) => {
        cleanup();
        this.forget(worker);
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        this.forget(worker);
        reject(new Error(`The analysis worker stopped (exit code ${code})`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
        this.idleTimer = setTimeout(() => void this.close(), idleMs);
        this.idleTimer.unref();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  private forget(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }
}

/**
 * A worker running analysis-worker.ts. Workers do not inherit tsx's loader on Node 20, so the
 * worker starts from a line of JavaScript that imports the TypeScript file through tsx's API
 * (as the demo library's generation pool does).
 */
function startWorker(): Worker {
  const entry = new URL('./analysis-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(code, { eval: true, resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
  // An idle worker never keeps the process alive.
  worker.unref();
  return worker;
}

let shared: SongAnalyser | undefined;

/** The process's one analyser: the scan and rescan-bpm share its worker and its queue. */
export function songAnalyser(): SongAnalyser {
  return (shared ??= new SongAnalyser());
}
