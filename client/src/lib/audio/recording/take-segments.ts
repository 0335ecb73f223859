import type { Seconds } from '../units';

/** How the band was playing from `startedAt` (audio clock): from song position `from` at `rate`. */
export interface TransportSnapshot {
  startedAt: Seconds;
  from: Seconds;
  rate: number;
}

/** One take cut from a recording: the audio-clock span the band played it over, and where in the song it starts. */
export interface TakeSegment {
  startAt: Seconds;
  endAt: Seconds;
  from: Seconds;
  rate: number;
}

/** Shorter pieces (a seek right after starting, a pass cut at stop) are not worth a take. */
export const shortestTakeSeconds = 0.5;

/**
 * The takes a recording holds. Each time the band was restarted (a seek, a tempo change, a new loop
 * pass) a new take begins, because a take plays back in sync only over one straight run of the song;
 * with a loop each pass ends at the loop's end (the passes a loop plays without restarting the band are
 * cut by arithmetic). Everything ends at `stopAt` and at the song's end. Pure, so it is unit-tested.
 */
export function takeSegments(input: {
  snapshots: readonly TransportSnapshot[];
  stopAt: Seconds;
  loop: { start: Seconds; end: Seconds } | null;
  duration: Seconds;
}): TakeSegment[] {
  const { loop, duration, stopAt } = input;
  const ordered = [...input.snapshots].sort((a, b) => a.startedAt - b.startedAt);
  const segments: TakeSegment[] = [];
  ordered.forEach((snapshot, index) => {
    const next = ordered[index + 1];
    const until = Math.min(stopAt, next?.startedAt ?? Infinity);
    // A next pass scheduled on its own (the speed trainer, a count-in before each pass) is a snapshot
    // of its own: the time up to it is the count-in, not a pass.
    const passesScheduled = loop !== null && next !== undefined && next.from === loop.start;
    let { startedAt, from } = snapshot;
    const { rate } = snapshot;
    for (let pass = 0; startedAt < until && pass < 10_000; pass++) {
      const looping = loop !== null && from < loop.end;
      const songEnd = looping ? loop.end : duration;
      const runEnd = startedAt + (songEnd - from) / rate;
      const endAt = Math.min(until, runEnd);
      if (endAt - startedAt >= shortestTakeSeconds) segments.push({ startAt: startedAt, endAt, from, rate });
      if (!looping || runEnd >= until || passesScheduled) break;
      // The band loops on its own: the next pass starts at the loop's start, right away.
      startedAt = runEnd;
      from = loop.start;
    }
  });
  return segments;
}

/** A segment's frames in a recording whose first sample was captured at `recordedFrom` (audio clock), shifted back by `latency`. */
export function segmentFrames(segment: TakeSegment, recordedFrom: Seconds, latency: Seconds, sampleRate: number, recordedFrames: number): { start: number; end: number } {
  const frameOf = (time: Seconds) => Math.min(recordedFrames, Math.max(0, Math.round((time + latency - recordedFrom) * sampleRate)));
  return { start: frameOf(segment.startAt), end: frameOf(segment.endAt) };
}

/**
 * The round trip a take is shifted back by: what the browser says the output and the input add
 * between the audio clock and the air. A calibrated figure, when there is one, replaces it.
 */
export function reportedLatency(parts: { baseLatency?: number; outputLatency?: number; inputLatency?: number }): Seconds {
  const sum = [parts.baseLatency, parts.outputLatency, parts.inputLatency].reduce<number>((total, part) => total + (Number.isFinite(part) && part! > 0 ? part! : 0), 0);
  return Math.min(1, sum);
}
