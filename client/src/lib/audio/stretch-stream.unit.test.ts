import { describe, expect, it } from 'vitest';
import type { StretchModule } from './stretch-stream';
import { fedUpTo, loopPass, nextPassAt, stretchChannels } from './stretch-stream';

const latency = { input: 100, output: 300 };

describe('the stream arithmetic of the export stretch', () => {
  it('feeds the input under the output the output latency ahead, plus the input latency, rounded from the exact product', () => {
    expect(fedUpTo(1000, 1, 0, latency)).toBe(1000 + 300 + 100);
    expect(fedUpTo(1000, 0.7, 1000, latency)).toBe(1000 + Math.round(0.7 * 1300) + 100);
    // Many blocks add up to one product: no drift.
    expect(fedUpTo(0, 0.7, 48_000 * 180, latency)).toBe(Math.round(0.7 * (48_000 * 180 + 300)) + 100);
  });

  it('counts loop passes as the worklet wraps: once the input under the output ahead passes the end of the loop', () => {
    const loop = { start: 1000, end: 2000 };
    expect(loopPass(1999 + 100, 100, loop)).toBe(0);
    expect(loopPass(2000 + 100, 100, loop)).toBe(1);
    expect(loopPass(3000 + 100, 100, loop)).toBe(2);
    expect(loopPass(5000, 100, null)).toBe(0);
  });

  it('ends a block at the first output sample of the next pass', () => {
    const loop = { start: 1000, end: 2000 };
    // From the loop's start at 1x the input ahead reaches its end after 1000 - 300 output samples.
    expect(nextPassAt(0, 1000, 1, 300, loop)).toBe(700);
    expect(nextPassAt(1, 1000, 1, 300, loop)).toBe(1700);
    expect(nextPassAt(0, 1000, 0.5, 300, loop)).toBe(1700);
  });
});

/**
 * A stand-in for the WASM module that plays its input back unchanged, `latency.output` samples
 * late after a seek filled its history: enough to check what the driver feeds, and where.
 */
function delayModule(): { module: StretchModule; buffersIn: number[]; buffersOut: number[]; bufferLength: number; seeks: number[]; fed: number[] } {
  const bufferLength = latency.input + latency.output;
  const memory = new ArrayBuffer(8 * bufferLength + 16);
  const module = {
    HEAP8: new Int8Array(memory),
    _inputLatency: () => latency.input,
    _outputLatency: () => latency.output,
    _setTransposeSemitones: () => undefined,
    _setFormantSemitones: () => undefined,
    _setFormantBase: () => undefined,
    history: [] as number[],
    _seek(inputSamples: number) {
      module.history = Array.from(new Float32Array(memory, 0, inputSamples));
      seeks.push(module.history.at(-1)!);
    },
    _process(inputSamples: number, outputSamples: number) {
      const input = new Float32Array(memory, 0, inputSamples);
      fed.push(...input);
      module.history.push(...input);
      // The output now is the input `input + output latency` behind the newest sample fed.
      const out = new Float32Array(memory, 4 * bufferLength, outputSamples);
      const end = module.history.length - latency.input - latency.output;
      for (let index = 0; index < outputSamples; index++) out[index] = module.history[end - inputSamples + index] ?? 0;
    },
  };
  const seeks: number[] = [];
  const fed: number[] = [];
  return { module, buffersIn: [0], buffersOut: [4 * bufferLength], bufferLength, seeks, fed };
}

describe('stretchChannels driving the module', () => {
  it('at 1x the output sample n is the input at from + n, from the first sample (the pre-roll is dropped)', () => {
    const input = Float32Array.from({ length: 5000 }, (_, index) => index);
    const fake = delayModule();
    const [out] = stretchChannels(fake, [input], 48_000, { rate: 1, semitones: 0, from: 1000, loop: null, length: 2000, block: 256 });
    expect(Array.from(out!.subarray(0, 3))).toEqual([1000, 1001, 1002]);
    expect(out![1999]).toBe(2999);
  });

  it('loops: once the input ahead passes the end of the loop, a seek to the window one loop length back, and the input goes on from there', () => {
    const input = Float32Array.from({ length: 5000 }, (_, index) => index);
    const fake = delayModule();
    stretchChannels(fake, [input], 48_000, { rate: 1, semitones: 0, from: 1000, loop: { start: 1000, end: 1500 }, length: 1500, block: 256 });
    // The first seek, then one per pass entered: the window ends where the input stood, 500 back.
    expect(fake.seeks).toHaveLength(4);
    // Each sample fed follows the one before, or, after a seek, the seek window's end.
    let previous = fake.seeks[0]! + 1;
    let jumps = 0;
    for (const value of fake.fed) {
      if (value !== previous) {
        expect(value).toBe(previous - 500);
        jumps++;
      }
      previous = value + 1;
    }
    expect(jumps).toBe(3);
    // Like the worklet, the input read past the end of the loop is no more than the input latency.
    expect(Math.max(...fake.fed)).toBeLessThan(1500 + latency.input);
  });
});
