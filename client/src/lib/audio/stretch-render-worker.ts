import { registered, setSampleRate } from './stretch-render-worker-globals';
import 'signalsmith-stretch';
import type { StretchRenderReply, StretchRenderRequest } from './stretch-render-messages';
import type { StretchModule } from './stretch-stream';
import { stretchChannels } from './stretch-stream';

/**
 * The export's stretch thread (docs/decisions/0032): one lane of stretch groups (export-lanes.ts),
 * each through the package's own WASM module, configured as the live nodes are (the `cheaper`
 * preset), streamed block by block. The browser renders offline AudioWorklets on one thread;
 * workers use every core, and the block boundaries are ours, so the result is the same every time.
 * One request per worker.
 */
const scope = self as unknown as { onmessage: ((event: MessageEvent<StretchRenderRequest>) => void) | null; postMessage(message: StretchRenderReply, options?: { transfer?: Transferable[] }): void };

/** The processor as the package builds it: its WASM module, buffers and a port that answers in turn. */
interface Processor {
  wasmReady: boolean;
  wasmModule: StretchModule;
  buffersIn: number[];
  buffersOut: number[];
  bufferLength: number;
  port: { onmessage: ((event: { data: unknown[] }) => void) | null; messages: unknown[] };
}

/** Output samples per call of the module: bigger than the worklet's 128, fewer copies. */
const BLOCK = 1024;

async function readyProcessor(channelCount: number, sampleRate: number): Promise<Processor> {
  setSampleRate(sampleRate);
  if (!registered.processor) throw new Error('signalsmith-stretch did not register its processor');
  const processor = new registered.processor({ numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [channelCount] }) as Processor;
  // The module compiles asynchronously; the processor says 'ready' on its port when it has.
  while (!processor.port.messages.some((message) => Array.isArray(message) && message[0] === 'ready')) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // As the live nodes: the cheaper preset (stretch-graph.ts).
  processor.port.onmessage!({ data: [0, 'configure', { blockMs: null, preset: 'cheaper' }] });
  return processor;
}

scope.onmessage = (event) => {
  const request = event.data;
  void (async () => {
    try {
      const left = new Float32Array(request.length);
      const right = new Float32Array(request.length);
      // The lane's groups one after the other, each through a stretch of its own.
      for (const [index, group] of request.groups.entries()) {
        const channels = group.stems.flatMap((stem) => stem.channels);
        const processor = await readyProcessor(channels.length, request.sampleRate);
        let reported = 0;
        const outputs = stretchChannels(
          { module: processor.wasmModule, buffersIn: processor.buffersIn, buffersOut: processor.buffersOut, bufferLength: processor.bufferLength },
          channels,
          request.sampleRate,
          { rate: request.rate, semitones: group.semitones, from: request.from, loop: request.loop, length: request.length, block: BLOCK },
          (done) => {
            // About a hundred messages per group, not one per block.
            if (done - reported >= request.length / 100) {
              reported = done;
              scope.postMessage({ kind: 'progress', fraction: (index + done / request.length) / request.groups.length });
            }
          },
        );
        let channel = 0;
        for (const stem of group.stems) {
          // A mono stem is one channel here, heard on both sides (the live graph doubles it).
          const stemLeft = outputs[channel]!;
          const stemRight = outputs[channel + stem.channels.length - 1]!;
          channel += stem.channels.length;
          for (let sample = 0; sample < request.length; sample++) {
            left[sample] = left[sample]! + stem.gain * stemLeft[sample]!;
            right[sample] = right[sample]! + stem.gain * stemRight[sample]!;
          }
        }
      }
      scope.postMessage({ kind: 'done', left, right }, { transfer: [left.buffer, right.buffer] });
    } catch (error) {
      scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
};
