import type { StretchRenderReply, StretchRenderRequest } from './stretch-render-messages';
import { stretchLane } from './stretch-lane';

/** Workers, not offline worklets (decision 0032): every core, and our block boundaries, so results repeat. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<StretchRenderRequest>) => void) | null; postMessage(message: StretchRenderReply, options?: { transfer?: Transferable[] }): void };

scope.onmessage = (event) => {
  void stretchLane(event.data, (fraction) => scope.postMessage({ kind: 'progress', fraction })).then(
    ({ left, right }) => scope.postMessage({ kind: 'done', left, right }, { transfer: [left.buffer, right.buffer] }),
    (error: unknown) => scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
