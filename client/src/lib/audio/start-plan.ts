import { assertSeconds } from './units';
import type { Seconds } from './units';

/** A stem as the scheduler sees it: its decoded length, or null when it has no decoded audio. */
export interface SchedulableStem {
  id: string;
  duration: Seconds | null;
}

export interface StemStart {
  id: string;
  time: Seconds;
  offset: Seconds;
}

/** Every stem that starts, all at the same audio-clock `time`, and the ones left silent. */
export interface StartPlan {
  time: Seconds;
  starts: StemStart[];
  skipped: { id: string; reason: 'no audio' | 'ended' }[];
}

/**
 * Every stem at ONE audio-clock time, or they drift apart audibly; stems without audio (spec 000
 * section 4) or shorter than `offset` are skipped.
 */
export function planStart(stems: readonly SchedulableStem[], offset: Seconds, now: Seconds, lookahead: Seconds): StartPlan {
  assertSeconds('offset', offset);
  assertSeconds('now', now);
  assertSeconds('lookahead', lookahead);
  const time = now + lookahead;
  const plan: StartPlan = { time, starts: [], skipped: [] };
  for (const stem of stems) {
    if (stem.duration === null) plan.skipped.push({ id: stem.id, reason: 'no audio' });
    else if (offset >= stem.duration) plan.skipped.push({ id: stem.id, reason: 'ended' });
    else plan.starts.push({ id: stem.id, time, offset });
  }
  return plan;
}
