import { describe, expect, it } from 'vitest';
import { registerCaptureProcessor } from './capture-processor';

type Posted = ['block', number, Float32Array] | ['stopped', number];

/** The processor class as the audio worklet scope would hold it, with a clock the test moves. */
function captureProcessor(blockFrames: number) {
  const clock = { currentFrame: 0 };
  const posted: Posted[] = [];
  let registered: (new () => { process(inputs: Float32Array[][]): boolean; port: { onmessage: ((event: { data: unknown }) => void) | null } }) | null = null;
  const scope = globalThis as unknown as Record<string, unknown>;
  const saved = { AudioWorkletProcessor: scope.AudioWorkletProcessor, registerProcessor: scope.registerProcessor };
  scope.AudioWorkletProcessor = class {
    port = { onmessage: null, postMessage: (message: Posted) => posted.push(message) };
  };
  scope.registerProcessor = (_name: string, processor: typeof registered) => {
    registered = processor;
  };
  // The worklet's global clock, read while processing: this processor's clock from now on.
  Object.defineProperty(scope, 'currentFrame', { configurable: true, get: () => clock.currentFrame });
  try {
    registerCaptureProcessor('capture-test', blockFrames);
    return { processor: new registered!(), clock, posted };
  } finally {
    scope.AudioWorkletProcessor = saved.AudioWorkletProcessor;
    scope.registerProcessor = saved.registerProcessor;
  }
}

const ramp = (from: number, length: number) => Float32Array.from({ length }, (_, index) => from + index);

describe('the capture processor', () => {
  it('posts mono blocks of blockFrames with the clock frame of their first sample, across render quanta', () => {
    const { processor, clock, posted } = captureProcessor(200);
    for (let quantum = 0; quantum < 4; quantum++) {
      clock.currentFrame = 1000 + quantum * 128;
      processor.process([[ramp(quantum * 128, 128)]]);
    }
    const blocks = posted.filter((message) => message[0] === 'block');
    expect(blocks.map(([, frame, samples]) => [frame, samples.length])).toEqual([
      [1000, 200],
      [1200, 200],
    ]);
    expect([...(blocks[1]![2] as Float32Array).slice(0, 3)]).toEqual([200, 201, 202]);
    // Stopping posts the rest: 512 - 400 frames, from frame 1400.
    processor.port.onmessage?.({ data: 'stop' });
    expect(posted.at(-2)).toEqual(['block', 1400, ramp(400, 112)]);
    expect(posted.at(-1)?.[0]).toBe('stopped');
    expect(processor.process([[ramp(0, 128)]])).toBe(false);
  });

  it('takes the mean of a stereo input', () => {
    const { processor, posted } = captureProcessor(128);
    processor.process([[new Float32Array(128).fill(0.5), new Float32Array(128).fill(-0.25)]]);
    expect(posted).toEqual([['block', 0, new Float32Array(128).fill(0.125)]]);
  });

  it('posts nothing while it has no input', () => {
    const { processor, posted } = captureProcessor(128);
    expect(processor.process([[]])).toBe(true);
    processor.port.onmessage?.({ data: 'stop' });
    expect(posted.map((message) => message[0])).toEqual(['stopped']);
  });
});
