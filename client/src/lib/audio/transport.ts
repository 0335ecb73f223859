import { assertSeconds } from './units';
import type { Seconds } from './units';

/** Spec 000 section 9: playback within this much of the end counts as the end. */
export const END_TOLERANCE: Seconds = 0.1;
/** Spec 000 section 4: sources start this far ahead of the audio clock's now. */
export const START_LOOKAHEAD: Seconds = 0.01;

/** A section of the song (song seconds) that playback repeats: `end` jumps back to `start`. */
export interface LoopRange {
  start: Seconds;
  end: Seconds;
}

/**
 * Where playback is: stopped (position 0), paused (remembers its position), or playing, in which
 * case the position is `from` plus the audio-clock time elapsed since `startedAt` times `rate` (the
 * tempo: 0.75 plays 0.75 song seconds per second), wrapped into `loop` once it passes the loop's end.
 * Positions are always in SONG seconds; only `startedAt` is audio-clock time.
 */
export type Transport =
  | { state: 'stopped' }
  | { state: 'paused'; position: Seconds }
  | { state: 'playing'; startedAt: Seconds; from: Seconds; rate?: number; loop?: LoopRange | null };

/** The transport while playing. */
export type PlayingTransport = Extract<Transport, { state: 'playing' }>;

export const stoppedTransport: Transport = { state: 'stopped' };

/** The song position at audio-clock time `now`, never outside 0..duration. */
export function positionAt(transport: Transport, now: Seconds, duration: Seconds): Seconds {
  switch (transport.state) {
    case 'stopped':
      return 0;
    case 'paused':
      return clamp(transport.position, 0, duration);
    case 'playing': {
      // Before the scheduled start the sources are still silent at `from`.
      const raw = transport.from + Math.max(0, now - transport.startedAt) * (transport.rate ?? 1);
      return clamp(wrapIntoLoop(raw, transport.from, transport.loop ?? null), 0, duration);
    }
    default:
      return assertNever(transport);
  }
}

/**
 * Starts playing from the current position; at the end (within the tolerance) it restarts from 0
 * (spec 000 section 4). Playing while playing changes nothing.
 */
export function play(transport: Transport, now: Seconds, duration: Seconds): Transport {
  if (transport.state === 'playing') return transport;
  assertSeconds('now', now);
  const position = positionAt(transport, now, duration);
  const from = isAtEnd(position, duration) ? 0 : position;
  return { state: 'playing', startedAt: now + START_LOOKAHEAD, from };
}

/** Pauses where playback is now, remembering the position. */
export function pause(transport: Transport, now: Seconds, duration: Seconds): Transport {
  if (transport.state !== 'playing') return transport;
  return { state: 'paused', position: positionAt(transport, now, duration) };
}

/** Stops: the position goes back to 0. */
export function stop(): Transport {
  return stoppedTransport;
}

/**
 * Moves to `target`, clamped to 0..duration; ignored when the duration is 0 (nothing loaded, spec 000
 * section 5). While playing, all stems restart from there one lookahead later.
 */
export function seek(transport: Transport, target: Seconds, now: Seconds, duration: Seconds): Transport {
  if (!(duration > 0) || Number.isNaN(target)) return transport;
  const position = clamp(target, 0, duration);
  if (transport.state === 'playing') return { state: 'playing', startedAt: now + START_LOOKAHEAD, from: position };
  return { state: 'paused', position };
}

/**
 * Applies the end-of-song rule at `now`: once playback reaches the end (within the tolerance) it is
 * no longer playing and the position stays at the end (spec 000 section 4). Otherwise unchanged.
 */
export function settle(transport: Transport, now: Seconds, duration: Seconds): Transport {
  if (transport.state !== 'playing') return transport;
  return isAtEnd(positionAt(transport, now, duration), duration) ? { state: 'paused', position: duration } : transport;
}

/** Seconds of audio-clock time until `settle` would end the song; null unless playing or looping. */
export function timeUntilEnd(transport: Transport, now: Seconds, duration: Seconds): Seconds | null {
  if (transport.state !== 'playing' || transport.loop) return null;
  return Math.max(0, duration - END_TOLERANCE - positionAt(transport, now, duration)) / (transport.rate ?? 1);
}

/**
 * A position past the loop's end, folded back into the loop as the stretch node plays it (it jumps
 * from `end` to `start`). A start before the loop plays into it; a start past its end never loops.
 */
export function wrapIntoLoop(position: Seconds, from: Seconds, loop: LoopRange | null): Seconds {
  if (!loop || from >= loop.end || position < loop.end) return position;
  const length = loop.end - loop.start;
  return loop.start + ((position - loop.start) % length);
}

function isAtEnd(position: Seconds, duration: Seconds): boolean {
  return position >= duration - END_TOLERANCE;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function assertNever(value: never): never {
  throw new Error(`unexpected transport ${JSON.stringify(value)}`);
}
