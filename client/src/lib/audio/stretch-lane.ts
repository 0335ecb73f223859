import { registered, setSampleRate } from './stretch-render-worker-globals';
import 'signalsmith-stretch';
import type { StretchRenderRequest } from './stretch-render-messages';
import type { StretchModule } from './stretch-stream';
import { stretchChannels } from './stretch-stream';

interface Processor {
  wasmModule: StretchModule;
  buffersIn: number[];
  buffersOut: number[];
  bufferLength: number;
  port: { onmessage: ((event: { data: unknown[] }) => void) | null; messages: unknown[] };
}

/** Output samples per call of the module: more than the worklet's 128, fewer copies. */
const BLOCK = 1024;

/** Configured as the live nodes are, so the export sounds like playback. */
async function readyProcessor(channelCount: number, sampleRate: number): Promise<Processor> {
  setSampleRate(sampleRate);
  if (!registered.processor) throw new Error('signalsmith-stretch did not register its processor');
  const processor = new registered.processor({ numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [channelCount] }) as Processor;
  while (!processor.port.messages.some((message) => Array.isArray(message) && message[0] === 'ready')) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  processor.port.onmessage!({ data: [0, 'configure', { blockMs: null, preset: 'cheaper' }] });
  return processor;
}

/** One lane of the export: its groups one after the other, each stem times its gain, summed to stereo. */
export async function stretchLane(request: StretchRenderRequest, onProgress?: (fraction: number) => void): Promise<{ left: Float32Array; right: Float32Array }> {
  const left = new Float32Array(request.length);
  const right = new Float32Array(request.length);
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
        if (done - reported >= request.length / 100) {
          reported = done;
          onProgress?.((index + done / request.length) / request.groups.length);
        }
      },
    );
    let channel = 0;
    for (const stem of group.stems) {
      // A mono stem is one channel, heard on both sides.
      const stemLeft = outputs[channel]!;
      const stemRight = outputs[channel + stem.channels.length - 1]!;
      channel += stem.channels.length;
      for (let sample = 0; sample < request.length; sample++) {
        left[sample] = left[sample]! + stem.gain * stemLeft[sample]!;
        right[sample] = right[sample]! + stem.gain * stemRight[sample]!;
      }
    }
  }
  return { left, right };
}
