import type { EncodeReply, EncodeRequest } from './encode-messages';

/**
 * Encodes the mix in a Web Worker (encode-worker.ts), reporting progress from 0 to 1. The
 * channels are transferred to the worker, so the caller must not use them after. Aborting `signal`
 * terminates the worker at once and rejects with the abort reason.
 */
export function encodeInWorker(request: EncodeRequest, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<Uint8Array> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(new URL('./encode-worker.ts', import.meta.url), { type: 'module', name: 'mix-encoder' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<EncodeReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') onProgress?.(reply.fraction);
      else {
        finish();
        if (reply.kind === 'done') resolve(reply.bytes);
        else reject(new Error(`encoding failed: ${reply.message}`));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(`the encoder could not run: ${event.message}`));
    };
    worker.postMessage(request, request.channels.map((channel) => channel.buffer));
  });
}
