/** What a task worker answers: progress (0..1) any number of times, then its result or why it failed. */
export type TaskReply<Done extends { kind: 'done' }> = { kind: 'progress'; fraction: number } | Done | { kind: 'failed'; message: string };

/** How a task's errors read: "<failed>: <the worker's message>", "<crashed>: <the error event's>". */
export interface TaskWording {
  failed: string;
  crashed: string;
}

/** Runs one request in a fresh worker (`transfer` moves those buffers), reporting progress; an abort terminates it and rejects. `start` must name the worker literally, for Vite to bundle it. */
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
