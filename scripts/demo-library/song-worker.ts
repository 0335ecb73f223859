/** A worker thread of the generation pool: songs in, folder written, results out. */
import { parentPort } from 'node:worker_threads';
import { type SongTask, runSongTask } from './song-task';

if (!parentPort) throw new Error('song-worker.ts runs as a worker thread of generate-library.ts');
const port = parentPort;
port.on('message', (task: SongTask) => {
  runSongTask(task).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, slug: task.plan.slug, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
