import type { StretchRenderReply, StretchRenderRequest } from './stretch-render-messages';

/**
 * Stretches one lane of the export in a Web Worker (stretch-render-worker.ts) and resolves to its
 * stereo mix; `onProgress` gets the fraction done. The stems' channels are transferred to the
 * worker, so the caller must not use them after.
 */
export function stretchInWorker(request: StretchRenderRequest, onProgress?: (fraction: number) => void): Promise<{ left: Float32Array; right: Float32Array }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./stretch-render-worker.ts', import.meta.url), { type: 'module', name: 'mix-stretch' });
    worker.onmessage = (event: MessageEvent<StretchRenderReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') {
        onProgress?.(reply.fraction);
        return;
      }
      worker.terminate();
      if (reply.kind === 'done') resolve({ left: reply.left, right: reply.right });
      else reject(new Error(`the time-stretch failed: ${reply.message}`));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`the time-stretch could not run: ${event.message}`));
    };
    worker.postMessage(
      request,
      request.groups.flatMap((group) => group.stems.flatMap((stem) => stem.channels.map((channel) => channel.buffer))),
    );
  });
}
