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

/** Positions are song seconds; only `startedAt` is audio-clock time. */
export type Transport =
  | { state: 'stopped' }
  | { state: 'paused'; position: Seconds }
  | { state: 'playing'; startedAt: Seconds; from: Seconds; rate?: number; loop?: LoopRange | null };

export type PlayingTransport = Extract<Transport, { state: 'playing' }>;

export const stoppedTransport: Transport = { state: 'stopped' };

export function positionAt(transport: Transport, now: Seconds, duration: Seconds): Seconds {
  switch (transport.state) {
    case 'stopped':
      return 0;
    case 'paused':
      return clamp(transport.position, 0, duration);
    case 'playing': {
      const raw = transport.from + Math.max(0, now - transport.startedAt) * (transport.rate ?? 1);
      return clamp(wrapIntoLoop(raw, transport.from, transport.loop ?? null), 0, duration);
    }
    default:
      return assertNever(transport);
  }
}

/** Plays from the current position, or from 0 at the end (spec 000 section 4). */
export function play(transport: Transport, now: Seconds, duration: Seconds): Transport {
  if (transport.state === 'playing') return transport;
  assertSeconds('now', now);
  const position = positionAt(transport, now, duration);
  const from = isAtEnd(position, duration) ? 0 : position;
  return { state: 'playing', startedAt: now + START_LOOKAHEAD, from };
}

export function pause(transport: Transport, now: Seconds, duration: Seconds): Transport {
  if (transport.state !== 'playing') return transport;
  return { state: 'paused', position: positionAt(transport, now, duration) };
}

/** Moves to `target`, clamped to the song; ignored with nothing loaded (spec 000 section 5). */
export function seek(transport: Transport, target: Seconds, now: Seconds, duration: Seconds): Transport {
  if (!(duration > 0) || Number.isNaN(target)) return transport;
  const position = clamp(target, 0, duration);
  if (transport.state === 'playing') return { state: 'playing', startedAt: now + START_LOOKAHEAD, from: position };
  return { state: 'paused', position };
}

/** The end-of-song rule: playback reaching the end pauses there (spec 000 section 4). */
export function settle(transport: Transport, now: Seconds, duration: Seconds): Transport {
  if (transport.state !== 'playing') return transport;
  return isAtEnd(positionAt(transport, now, duration), duration) ? { state: 'paused', position: duration } : transport;
}

/** Seconds of audio-clock time until `settle` would end the song; null unless playing or looping. */
export function timeUntilEnd(transport: Transport, now: Seconds, duration: Seconds): Seconds | null {
  if (transport.state !== 'playing' || transport.loop) return null;
  return Math.max(0, duration - END_TOLERANCE - positionAt(transport, now, duration)) / (transport.rate ?? 1);
}

/** A position past the loop's end folded back into it; a start past its end never loops. */
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
