/** The analysis worker thread: one request at a time from song-analyser.ts, answered by id. */
import { parentPort } from 'node:worker_threads';
import type { AnalysisReply, AnalysisRequest } from './analysis-messages';
import { analyseHarmony, analyseTempo } from './song-analysis';

if (!parentPort) throw new Error('analysis-worker.ts runs as a worker thread of song-analyser.ts');
const port = parentPort;
// The decoders and essentia print every damaged frame of a broken file (hundreds of "LOST_SYNC"
// lines for a cut FLAC) to the console; what matters reaches the caller as an error or a problem.
// They are loaded lazily, after this runs.
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => undefined;

async function answer(request: AnalysisRequest): Promise<AnalysisReply> {
  try {
    const result = request.kind === 'tempo' ? await analyseTempo(request.stems) : await analyseHarmony(request.stems, request.beats);
    return { id: request.id, ok: true, result } as AnalysisReply;
  } catch (error) {
    // essentia.js throws numbers (WebAssembly exception pointers) as well as Errors.
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : `essentia error ${String(error)}` };
  }
}

port.on('message', (request: AnalysisRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ ready: true });
