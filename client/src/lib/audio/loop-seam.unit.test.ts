import { registered, setSampleRate } from './stretch-render-worker-globals';
import 'signalsmith-stretch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Tone from './tone';
import { beatGridOf } from './beat-grid';
import { PracticeTools } from './practice-tools';
import { scheduleGroups } from './source-schedule';
import type { ScheduledNode, SourceChange, StemSchedule } from './source-schedule';
import type { StemGraph } from './stem-graph';
import { StemTransport } from './stem-transport';

// The transport's schedules at the loop's seam, sent to signalsmith-stretch's own worklet processor
// (the package's code, run here as the export's worker runs it), and what that processor's time map
// then plays at each output time: the worklet is the judge of what a schedule means.

interface Segment {
  output: number;
  input: number;
  rate: number;
  active: boolean;
  loopStart: number;
  loopEnd: number;
}

interface Processor {
  timeMap: Segment[];
  outputLatencySeconds: number;
  port: { onmessage: ((event: { data: unknown[] }) => void) | null; messages: unknown[] };
}

const scope = globalThis as unknown as { currentTime: number };

async function stretchProcessor(): Promise<Processor> {
  setSampleRate(48_000);
  const processor = new registered.processor!({ numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [2] }) as Processor;
  await vi.waitFor(() => expect(processor.port.messages.some((message) => Array.isArray(message) && message[0] === 'ready')).toBe(true));
  processor.port.onmessage!({ data: [0, 'configure', { blockMs: null, preset: 'cheaper' }] });
  return processor;
}

/** The song position the processor plays at output time `time`, as its `process` finds it; null when silent. */
function heardAt(processor: Processor, time: number): number | null {
  const map = processor.timeMap;
  while (map.length > 1 && map[1]!.output <= time) map.shift();
  const segment = map[0]!;
  if (!segment.active) return null;
  let input = segment.input + (time - segment.output) * segment.rate;
  const loopLength = segment.loopEnd - segment.loopStart;
  if (loopLength > 0 && input >= segment.loopEnd) {
    segment.input -= loopLength;
    input -= loopLength;
  }
  return input;
}

/** A raw audio context with what the click track touches. */
function rawContext(clock: () => number): AudioContext {
  const node = () => ({ connect: () => undefined, disconnect: () => undefined, start: () => undefined, stop: () => undefined, gain: { setTargetAtTime: () => undefined } });
  return {
    get currentTime() {
      return clock();
    },
    sampleRate: 48_000,
    destination: node(),
    createGain: node,
    createBufferSource: node,
    createBuffer: () => ({ copyToChannel: () => undefined }),
  } as unknown as AudioContext;
}

const loop = { start: 1, end: 3 };
let clock = 0;
let processor: Processor;
let transport: StemTransport;
let practice: PracticeTools;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal('window', globalThis);
  clock = 0;
  scope.currentTime = 0;
  processor = await stretchProcessor();
  let messageId = 1;
  const node = {
    schedule: (change: StemSchedule) => {
      // The worklet reads its clock as it takes the message: the main thread's reading or later.
      scope.currentTime = clock;
      processor.port.onmessage!({ data: [messageId++, 'schedule', change] });
      return Promise.resolve();
    },
  } as unknown as ScheduledNode;
  const context = {
    immediate: () => clock,
    // Tone's now() adds its 100 ms lookahead.
    now: () => clock + 0.1,
    state: 'running',
    rawContext: rawContext(() => clock),
  } as unknown as Tone.BaseContext;
  const graph = {
    context,
    duration: 6,
    stems: [{ id: 'stem', duration: 6 }],
    disposed: false,
    stretchReady: true,
    assertLive: () => undefined,
    prepareStretch: () => Promise.resolve(),
    schedule: (change: SourceChange) => scheduleGroups([{ node, drums: false, stemIds: ['stem'] }], change),
  } as unknown as StemGraph;
  practice = new PracticeTools(context);
  transport = new StemTransport(graph, practice, undefined);
});

afterEach(() => {
  transport.dispose();
  practice.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Plays for `seconds` of audio clock in 5 ms steps, the window's timers keeping up; what is heard each step. */
function playFor(seconds: number): { time: number; input: number | null }[] {
  const heard: { time: number; input: number | null }[] = [];
  const end = clock + seconds;
  while (clock < end) {
    clock += 0.005;
    vi.advanceTimersByTime(5);
    const time = clock + processor.outputLatencySeconds;
    heard.push({ time, input: heardAt(processor, time) });
  }
  return heard;
}

function expectSeamsRight(heard: { time: number; input: number | null }[]): void {
  const passes = practice.loopPasses();
  expect(passes.length).toBeGreaterThan(3);
  const firstStart = passes[0]!.startsAt;
  for (const { time, input } of heard) {
    if (time < firstStart) continue;
    const pass = passes.findLast((candidate) => candidate.boundary <= time)!;
    if (time < pass.startsAt) {
      // The count-in before the pass: the stems are silent.
      expect({ time, input }).toEqual({ time, input: null });
    } else {
      // The pass plays the loop from its start, at its tempo: nothing from before the loop.
      expect(input).not.toBeNull();
      const expected = pass.from + (time - pass.startsAt) * pass.tempo;
      expect({ time, pass: pass.pass, input: input! }).toEqual({ time, pass: pass.pass, input: expect.closeTo(expected, 6) });
    }
  }
}

describe('the loop seam on a stretch node', () => {
  it('with the speed trainer, each pass plays the loop from its start at its new tempo from the seam on, and the pass before it up to the seam', async () => {
    practice.setTrainer({ startTempo: 0.7, step: 0.05, targetTempo: 0.8 });
    await transport.setTempo(0.7);
    await transport.setLoop(loop);
    await transport.play();
    expectSeamsRight(playFor(12));
    expect(practice.loopPasses().map((pass) => pass.tempo).slice(0, 4)).toEqual([0.7, 0.75, 0.8, 0.8]);
  });

  it('with a count-in before each pass, the stems are silent from the seam to the pass, which plays the loop from its start', async () => {
    practice.setBeatGrid(beatGridOf(120));
    practice.setClickSettings({ click: false, volume: 0.8, countInBars: 1, countInEachPass: true });
    practice.setTrainer({ startTempo: 0.7, step: 0.05, targetTempo: 0.8 });
    await transport.setTempo(0.7);
    await transport.setLoop(loop);
    await transport.play();
    expectSeamsRight(playFor(20));
    expect(practice.loopPasses().slice(1).every((pass) => pass.startsAt > pass.boundary)).toBe(true);
  });
});
