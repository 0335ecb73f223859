import type { Seconds } from '../units';
import { calibrationClickSamples, loopbackClickTimes, LONGEST_ROUND_TRIP } from './calibration-clicks';
import { clickSamples } from '../click-track';
import type { CaptureOutcome, CaptureSink } from './microphone-capture';
import { MicrophoneError } from './microphone-capture';
import type { MicrophoneProblem } from './microphone-problems';
import { type RoundTripEstimate, estimateRoundTrip } from './round-trip-estimate';
import { type TapEstimate, estimateFromTaps, tapClickTimes } from './tap-estimate';

/** What a calibration needs of the microphone (a MicrophoneCapture; tests pass a fake). */
export interface CalibrationMicrophone {
  start(sink: CaptureSink, onInterrupted: (problem: MicrophoneProblem) => void): Promise<void>;
  stop(): Promise<CaptureOutcome>;
}

/** The first click sounds this long after the calibration starts, once the microphone's first blocks are flowing. */
const LEAD_IN: Seconds = 0.4;
/** The clicks' level: loud enough to be heard back through a microphone near the speaker. */
const CLICK_GAIN = 0.7;

/** Plays `samples` at each of `times` (audio clock) straight to the speakers, past the song's mixer. */
function playClicks(context: BaseAudioContext, samples: Float32Array<ArrayBuffer>, times: readonly Seconds[]): () => void {
  const buffer = context.createBuffer(1, samples.length, context.sampleRate);
  buffer.copyToChannel(samples, 0);
  const gain = context.createGain();
  gain.gain.value = CLICK_GAIN;
  gain.connect(context.destination);
  const sources = times.map((time) => {
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(gain);
    source.start(time);
    return source;
  });
  return () => {
    for (const source of sources) source.stop();
    gain.disconnect();
  };
}

/** Resolves once the audio clock reaches `time` (the clock, not a timer, says when). */
async function clockReaches(context: BaseAudioContext, time: Seconds): Promise<void> {
  while (context.currentTime < time) await new Promise((resolve) => setTimeout(resolve, Math.max(20, (time - context.currentTime) * 1000)));
}

/**
 * The loopback: clicks played through the speakers and recorded through the microphone on the same
 * audio clock, each found in the recording (`estimateRoundTrip`). The figure is everything between a
 * note scheduled on the clock and its sound in a recording: output, air, input. Throws a
 * MicrophoneError when the microphone stopped.
 */
export async function measureLoopback(context: AudioContext, microphone: CalibrationMicrophone): Promise<RoundTripEstimate> {
  if (context.state !== 'running') await context.resume();
  const blocks: { offset: number; samples: Float32Array }[] = [];
  let interrupted: MicrophoneProblem | null = null;
  await microphone.start(
    async (offset, samples) => {
      blocks.push({ offset, samples });
    },
    (problem) => {
      interrupted = problem;
    },
  );
  const click = calibrationClickSamples(context.sampleRate);
  const times = loopbackClickTimes(context.currentTime + LEAD_IN);
  const silence = playClicks(context, click, times);
  try {
    await clockReaches(context, times.at(-1)! + LONGEST_ROUND_TRIP + click.length / context.sampleRate + 0.05);
  } finally {
    silence();
  }
  const outcome = await microphone.stop();
  const problem = interrupted ?? outcome.problem;
  if (problem) throw new MicrophoneError(problem);
  const samples = new Float32Array(outcome.frames);
  for (const block of blocks) samples.set(block.samples.subarray(0, Math.max(0, outcome.frames - block.offset)), block.offset);
  return estimateRoundTrip({ samples, recordedFrom: outcome.recordedFrom ?? 0, sampleRate: outcome.sampleRate }, times, click);
}

/** The audio-clock time being heard at `performanceTime` (an event's timeStamp), by the output's own timestamp. */
export function heardAt(context: AudioContext, performanceTime: number): Seconds {
  const stamp = typeof context.getOutputTimestamp === 'function' ? context.getOutputTimestamp() : null;
  if (stamp?.contextTime !== undefined && stamp.performanceTime !== undefined && stamp.performanceTime > 0) return stamp.contextTime + (performanceTime - stamp.performanceTime) / 1000;
  return context.currentTime - (context.outputLatency || 0) - (performance.now() - performanceTime) / 1000;
}

/** A tap-along in progress: clicks playing, taps noted, the estimate once the clicks are over. */
export interface TapAlong {
  readonly clickCount: number;
  /** Notes a tap made at `performanceTime` (the pointer or key event's timeStamp). */
  tap(performanceTime: number): void;
  /** Resolves after the last click with the estimate from the taps. */
  readonly finished: Promise<TapEstimate>;
  cancel(): void;
}

/**
 * Taps along with clicks, for when no click is heard back (a headphone mix, no way to loop the
 * output into the input). `reportedRoundTrip` is the browser's own figure, which the taps correct.
 */
export function startTapAlong(context: AudioContext, reportedRoundTrip: Seconds): TapAlong {
  void context.resume();
  const times = tapClickTimes(context.currentTime + 0.6);
  const taps: Seconds[] = [];
  let cancelled = false;
  const silence = playClicks(context, clickSamples(context.sampleRate, false), times);
  const finished = clockReaches(context, times.at(-1)! + 0.4).then(() => {
    silence();
    return estimateFromTaps(times, cancelled ? [] : taps, reportedRoundTrip);
  });
  return {
    clickCount: times.length,
    tap: (performanceTime) => {
      if (!cancelled) taps.push(heardAt(context, performanceTime));
    },
    finished,
    cancel: () => {
      cancelled = true;
      silence();
    },
  };
}
