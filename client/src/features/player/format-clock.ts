import type { Seconds } from '../../lib/audio/units';

/** A song position as the transport shows it: m:ss, whole seconds rounded down, never negative. */
export function formatClock(seconds: Seconds): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
