import type { StretchRenderReply, StretchRenderRequest } from './stretch-render-messages';
import { stretchLane } from './stretch-lane';

/**
 * The export's stretch thread (docs/decisions/0032): one lane of stretch groups (export-lanes.ts),
 * each through the package's own WASM module, configured as the live nodes are (the `cheaper`
 * preset), streamed block by block (stretch-lane.ts). The browser renders offline AudioWorklets on
 * one thread; workers use every core, and the block boundaries are ours, so the result is the
 * same every time. One request per worker.
 */
const scope = self as unknown as { onmessage: ((event: MessageEvent<StretchRenderRequest>) => void) | null; postMessage(message: StretchRenderReply, options?: { transfer?: Transferable[] }): void };

scope.onmessage = (event) => {
  void stretchLane(event.data, (fraction) => scope.postMessage({ kind: 'progress', fraction })).then(
    ({ left, right }) => scope.postMessage({ kind: 'done', left, right }, { transfer: [left.buffer, right.buffer] }),
    (error: unknown) => scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
