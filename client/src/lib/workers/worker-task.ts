/** What a task worker answers: progress any number of times, then its result or why it failed. */
type TaskReply<Done extends { kind: 'done' }> = { kind: 'progress'; fraction: number } | Done | { kind: 'failed'; message: string };

/** How a task's errors start. */
interface TaskWording {
  failed: string;
  crashed: string;
}

/**
 * Runs one request in a fresh worker, resolving to its 'done' reply; aborting `signal` terminates it
 * and rejects. `start` makes the worker: Vite bundles one only from a literal `new Worker(new URL(...))`.
 */
export function runWorkerTask<Done extends { kind: 'done' }>(
  start: () => Worker,
  request: unknown,
  transfer: Transferable[],
  wording: TaskWording,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Done> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = start();
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<TaskReply<Done>>) => {
      const reply = event.data;
      if (reply.kind === 'progress') {
        onProgress?.(reply.fraction);
        return;
      }
      finish();
      if (reply.kind === 'failed') reject(new Error(`${wording.failed}: ${reply.message}`));
      else resolve(reply);
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(`${wording.crashed}: ${event.message}`));
    };
    worker.postMessage(request, transfer);
  });
}
