import { copiesToTransfer } from './pcm-buffer';
import { runWorkerTask } from '../workers/worker-task';
import type { StretchRenderReply, StretchRenderRequest } from './stretch-render-messages';

/** Channels not in shared memory are transferred: unusable after. */
export async function stretchInWorker(
  request: StretchRenderRequest,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ left: Float32Array; right: Float32Array }> {
  const { left, right } = await runWorkerTask<Extract<StretchRenderReply, { kind: 'done' }>>(
    () => new Worker(new URL('./stretch-render-worker.ts', import.meta.url), { type: 'module', name: 'mix-stretch' }),
    request,
    copiesToTransfer(request.groups.flatMap((group) => group.stems.flatMap((stem) => stem.channels))),
    { failed: 'the time-stretch failed', crashed: 'the time-stretch could not run' },
    { ...(onProgress && { onProgress }), ...(signal && { signal }) },
  );
  return { left, right };
}
