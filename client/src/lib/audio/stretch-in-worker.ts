import { isShared } from './pcm-buffer';
import type { StretchRenderReply, StretchRenderRequest } from './stretch-render-messages';

/**
 * Stretches one lane of the export in a Web Worker (stretch-render-worker.ts) and resolves to its
 * stereo mix; `onProgress` gets the fraction done. The stems' channels that are not shared memory
 * are transferred to the worker, so the caller must not use them after. Aborting `signal` terminates the worker at once
 * and rejects with the abort reason.
 */
export function stretchInWorker(
  request: StretchRenderRequest,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ left: Float32Array; right: Float32Array }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(new URL('./stretch-render-worker.ts', import.meta.url), { type: 'module', name: 'mix-stretch' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<StretchRenderReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') {
        onProgress?.(reply.fraction);
        return;
      }
      finish();
      if (reply.kind === 'done') resolve({ left: reply.left, right: reply.right });
      else reject(new Error(`the time-stretch failed: ${reply.message}`));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(`the time-stretch could not run: ${event.message}`));
    };
    // Copies are transferred; shared memory (the engine's own stems) is sent as it is.
    const copies = request.groups.flatMap((group) => group.stems.flatMap((stem) => stem.channels.filter((channel) => !isShared(channel)).map((channel) => channel.buffer as ArrayBuffer)));
    worker.postMessage(request, [...new Set(copies)]);
  });
}
