import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PCM_PLAYER, registerPcmPlayer } from './pcm-player-processor';

// The processor runs as the audio thread would run it: its source text evaluated (as the page's
// Blob module is) with the worklet scope's globals, then driven block by block. Evaluating the
// text also proves it is self-contained after compilation (no helper from outside it).
const SAMPLE_RATE = 1000;
const BLOCK = 128;

interface Processor {
  port: { onmessage: (event: { data: unknown[] }) => void; posted: unknown[] };
  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
}

const scope = globalThis as unknown as Record<string, unknown>;
let registered: { name: string; processor: new () => Processor } | null = null;

beforeEach(() => {
  scope.sampleRate = SAMPLE_RATE;
  scope.currentFrame = 0;
  scope.AudioWorkletProcessor = class {
    port = {
      onmessage: null,
      posted: [] as unknown[],
      postMessage(message: unknown) {
        this.posted.push(message);
      },
    };
  };
  scope.registerProcessor = (name: string, processor: new () => Processor) => {
    registered = { name, processor };
  };
  new Function(`(${registerPcmPlayer.toString()})(${JSON.stringify(PCM_PLAYER)});`)();
});

afterEach(() => {
  for (const key of ['sampleRate', 'currentFrame', 'AudioWorkletProcessor', 'registerProcessor']) delete scope[key];
  registered = null;
});

/** A player holding one mono stem whose sample n is n (both sides), and a way to run it. */
function player() {
  const processor = new registered!.processor();
  const ramp = Float32Array.from({ length: 3000 }, (_, index) => index);
  let id = 0;
  const call = (method: string, ...args: unknown[]) => {
    processor.port.onmessage({ data: [id++, method, ...args] });
    return (processor.port.posted.at(-1) as [number, unknown])[1];
  };
  call('setBuffers', [ramp, ramp]);
  /** Runs whole blocks up to `frames` (from where the clock is) and returns the left channel. */
  const run = (frames: number): number[] => {
    const out: number[] = [];
    while (out.length < frames) {
      const outputs = [[new Float32Array(BLOCK), new Float32Array(BLOCK)]];
      processor.process([], outputs);
      expect(Array.from(outputs[0]![1]!)).toEqual(Array.from(outputs[0]![0]!));
      out.push(...outputs[0]![0]!);
      scope.currentFrame = (scope.currentFrame as number) + BLOCK;
    }
    return out;
  };
  return { processor, call, run };
}

describe('the plain stem player (AudioWorklet processor)', () => {
  it('is registered under its name', () => {
    expect(registered?.name).toBe(PCM_PLAYER);
  });

  it('is silent until its output time, then plays from the input position sample by sample, faded in over 5 ms', () => {
    const { call, run } = player();
    call('schedule', { output: 0.5, input: 0.2, active: true, rate: 1 });
    const out = run(1024);
    expect(out.slice(0, 500).every((sample) => sample === 0)).toBe(true);
    // The first 5 samples fade in: each a share of the right sample.
    expect(out[500]).toBe(0);
    expect(out[502]).toBeCloseTo(202 * 0.4, 4);
    for (let frame = 505; frame < 1024; frame++) expect(out[frame]).toBe(frame - 300);
  });

  it('stops at a scheduled time with a 5 ms fade, and a handover back starts at its own time', () => {
    const { call, run } = player();
    call('schedule', { output: 0, input: 1, active: true, rate: 1 });
    call('schedule', { output: 0.3, active: false, outputTime: 0.3 });
    call('schedule', { output: 0.6, input: 2, active: true, outputTime: 0.6 });
    const out = run(1024);
    expect(out[100]).toBe(1100);
    // The stop keeps reading where playback was while fading out, then silence.
    expect(out[301]).toBeCloseTo(1301 * 0.8, 3);
    expect(out.slice(305, 600).every((sample) => sample === 0)).toBe(true);
    for (let frame = 605; frame < 1024; frame++) expect(out[frame]).toBe(2000 + frame - 600);
  });

  it('a change without outputTime replaces the pending ones, as the stretch node does', () => {
    const { call, run } = player();
    call('schedule', { output: 0, input: 0, active: true, rate: 1 });
    call('schedule', { output: 0.5, active: false, outputTime: 0.5 });
    // Replaces the pending stop: playback goes on from where it is at 0.2 s.
    const change = call('schedule', { output: 0.2, rate: 1 }) as { input: number; active: boolean };
    expect(change).toMatchObject({ input: 0.2, active: true });
    const out = run(1024);
    expect(out[800]).toBe(800);
  });

  it('loops from loopEnd back to loopStart, cross-fading the seam', () => {
    const { call, run } = player();
    call('schedule', { output: 0, input: 0.1, active: true, rate: 1, loopStart: 0.2, loopEnd: 0.4 });
    const out = run(768);
    expect(out[299]).toBe(399);
    // 300 frames in, input 0.4 s: back to 0.2 s, fading from the samples past the loop's end.
    expect(out[300]).toBeCloseTo(400, 3);
    expect(out[302]).toBeCloseTo(402 * 0.6 + 202 * 0.4, 3);
    for (let frame = 305; frame < 500; frame++) expect(out[frame]).toBe(frame - 100);
    expect(out[510]).toBe(210);
  });

  it('reports the input position every 0.1 s while playing, as ["time", seconds]', () => {
    const { processor, call, run } = player();
    call('schedule', { output: 0, input: 1, active: true, rate: 1 });
    run(1024);
    const times = processor.port.posted.filter((message) => Array.isArray(message) && message[0] === 'time').map((message) => (message as [string, number])[1]);
    expect(times.length).toBeGreaterThanOrEqual(8);
    expect(times[0]).toBeCloseTo(1 + BLOCK / SAMPLE_RATE, 6);
  });

  it('drops its buffers: silence after, though scheduled to play', () => {
    const { call, run } = player();
    call('schedule', { output: 0, input: 0, active: true, rate: 1 });
    call('dropBuffers');
    expect(run(256).every((sample) => sample === 0)).toBe(true);
  });
});
