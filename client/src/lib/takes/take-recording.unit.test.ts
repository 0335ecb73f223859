import { describe, expect, it } from 'vitest';
import type { CaptureOutcome } from '../audio/recording/microphone-capture';
import type { MicrophoneProblem } from '../audio/recording/microphone-problems';
import type { StemEngine } from '../audio/stem-engine';
import { type RecordingChunk, type TakeAudio, type TakeAudioStore, readTakeSamples } from './take-audio';
import { type Microphone, TakeRecording } from './take-recording';

const rate = 48_000;

/** The take audio store in memory. */
class MemoryStore implements TakeAudioStore {
  chunks = new Map<string, RecordingChunk[]>();
  takes = new Map<string, TakeAudio>();
  appendChunk = async (_userId: number, recordingId: string, chunk: RecordingChunk) => {
    this.chunks.set(recordingId, [...(this.chunks.get(recordingId) ?? []), chunk]);
  };
  chunksOf = async (_userId: number, recordingId: string) => this.chunks.get(recordingId) ?? [];
  saveTakes = async (_userId: number, takes: readonly TakeAudio[]) => {
    for (const take of takes) this.takes.set(take.takeId, take);
  };
  findTake = async (_userId: number, takeId: string) => this.takes.get(takeId);
  takeIdsOf = async () => new Set(this.takes.keys());
  deleteTake = async (_userId: number, takeId: string) => {
    this.takes.delete(takeId);
  };
  discardRecording = async (_userId: number, recordingId: string) => {
    this.chunks.delete(recordingId);
  };
}

/** A microphone whose blocks the test feeds, captured from audio-clock 1 s on. */
class FakeMicrophone implements Microphone {
  readonly inputLatency = 0;
  readonly device = { id: 'f00d', label: 'Fake input' };
  private sink: ((offset: number, samples: Float32Array) => Promise<void>) | null = null;
  private interrupted: ((problem: MicrophoneProblem) => void) | null = null;
  private frames = 0;
  private problem: MicrophoneProblem | null = null;
  released = false;

  async start(sink: (offset: number, samples: Float32Array) => Promise<void>, onInterrupted: (problem: MicrophoneProblem) => void): Promise<void> {
    this.sink = sink;
    this.interrupted = onInterrupted;
  }

  async feed(seconds: number, value: number): Promise<void> {
    const samples = new Float32Array(Math.round(seconds * rate)).fill(value);
    await this.sink!(this.frames, samples);
    this.frames += samples.length;
  }

  unplug(): void {
    this.problem = 'unplugged';
    this.interrupted!('unplugged');
  }

  async stop(): Promise<CaptureOutcome> {
    this.release();
    return { recordedFrom: this.frames > 0 ? 1 : null, frames: this.frames, sampleRate: rate, problem: this.problem };
  }

  release(): void {
    this.released = true;
  }
}

/** The engine as recording uses it: the band starts at 1.5 s on the clock from the song's 10 s, at 90%. */
function fakeEngine(clock: { now: number }) {
  let playing = false;
  const engine = {
    graph: { context: { rawContext: { get currentTime() { return clock.now; }, baseLatency: 0, outputLatency: 0 } }, duration: 120, disposed: false },
    get isPlaying() {
      return playing;
    },
    transpose: 1,
    loopRange: null,
    play: async () => {
      playing = true;
    },
    pause: () => {
      playing = false;
    },
    seek: () => undefined,
    position: () => 10,
    playingSnapshot: () => (playing ? { startedAt: 1.5, from: 10, rate: 0.9 } : null),
  };
  return engine as unknown as StemEngine;
}

function ids() {
  let next = 0;
  return () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
}

describe('TakeRecording', () => {
  it('keeps what was recorded when the microphone is unplugged mid-take, and says why', async () => {
    const clock = { now: 1 };
    const store = new MemoryStore();
    const microphone = new FakeMicrophone();
    const recording = await TakeRecording.arm({ engine: fakeEngine(clock), store, userId: 7, songId: 3, firstNumber: 2, openMicrophone: async () => microphone, newId: ids() });
    const ended: Array<MicrophoneProblem | null> = [];
    await recording.start((problem) => ended.push(problem));
    // Half a second of count-in, then two seconds of playing, then the cable comes out.
    await microphone.feed(0.5, 0);
    await microphone.feed(2, 0.25);
    microphone.unplug();
    clock.now = 3.6;
    expect(ended).toEqual(['unplugged']);
    const result = await recording.stop();
    expect(result.problem).toBe('unplugged');
    expect(microphone.released).toBe(true);
    expect(result.takes.map((take) => take.metadata)).toEqual([
      expect.objectContaining({ name: 'Take 2', songId: '3', startSeconds: 10, tempo: 0.9, transpose: 1, scope: 'song', durationSeconds: 2 }),
    ]);
    // The take is the two seconds played, not the count-in: from 1.5 s on the clock, 0.5 s into the recording.
    const [take] = result.takes;
    expect(take!.audio).toMatchObject({ startFrame: 24_000, frames: 96_000, sampleRate: rate });
    const audio = await readTakeSamples(store, 7, take!.audio.takeId);
    expect(audio!.samples.length).toBe(96_000);
    expect(audio!.samples.every((sample) => sample === 0.25)).toBe(true);
    // Stopping again changes nothing.
    expect(await recording.stop()).toBe(result);
  });

  it('drops a recording that holds no take (stopped during the count-in)', async () => {
    const clock = { now: 1 };
    const store = new MemoryStore();
    const microphone = new FakeMicrophone();
    const recording = await TakeRecording.arm({ engine: fakeEngine(clock), store, userId: 7, songId: 3, firstNumber: 1, openMicrophone: async () => microphone, newId: ids() });
    await recording.start(() => undefined);
    await microphone.feed(0.4, 0);
    clock.now = 1.4;
    expect(await recording.stop()).toEqual({ takes: [], problem: null });
    expect(store.chunks.size).toBe(0);
    expect(store.takes.size).toBe(0);
  });

  it('places the takes by the round trip measured with this input, and by the browser’s figure without one', async () => {
    const place = async (measuredLatency: (device: { id: string; label: string }) => number | null) => {
      const clock = { now: 1 };
      const microphone = new FakeMicrophone();
      const recording = await TakeRecording.arm({ engine: fakeEngine(clock), store: new MemoryStore(), userId: 7, songId: 3, firstNumber: 1, openMicrophone: async () => microphone, measuredLatency, newId: ids() });
      await recording.start(() => undefined);
      await microphone.feed(3, 0.1);
      clock.now = 3.5;
      const [take] = (await recording.stop()).takes;
      return { startFrame: take!.audio.startFrame, latency: take!.metadata.latencySeconds };
    };
    // The band started at 1.5 s on the clock, the recording at 1 s: heard back 37.5 ms later, 1,800 frames further in.
    expect(await place((device) => (device.label === 'Fake input' ? 0.0375 : null))).toEqual({ startFrame: 24_000 + 1_800, latency: 0.0375 });
    expect(await place(() => null)).toEqual({ startFrame: 24_000, latency: 0 });
  });
});
