import { runWorkerTask } from '../workers/worker-task';
import type { EncodeReply, EncodeRequest } from './encode-messages';

/** Encodes the mix in a worker (the channels are transferred), reporting progress; an abort terminates it and rejects. */
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
