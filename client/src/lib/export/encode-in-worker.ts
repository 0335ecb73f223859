import { runWorkerTask } from '../workers/worker-task';
import type { EncodeReply, EncodeRequest } from './encode-messages';

/**
 * Encodes the mix in a Web Worker (encode-worker.ts), reporting progress from 0 to 1. The
 * channels are transferred to the worker, so the caller must not use them after. Aborting `signal`
 * terminates the worker at once and rejects with the abort reason.
 */
export async function encodeInWorker(request: EncodeRequest, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<Uint8Array> {
  const reply = await runWorkerTask<Extract<EncodeReply, { kind: 'done' }>>(
    () => new Worker(new URL('./encode-worker.ts', import.meta.url), { type: 'module', name: 'mix-encoder' }),
    request,
    request.channels.map((channel) => channel.buffer),
    { failed: 'encoding failed', crashed: 'the encoder could not run' },
    options,
  );
  return reply.bytes;
}
