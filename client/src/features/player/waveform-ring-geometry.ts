import type { NormalRange, Seconds } from '../../lib/audio/units';

/** The ring's proportions, as fractions of its radius (the drawing is square, `size` wide). */
export const RING_INNER = 0.62;
export const RING_OUTER = 0.98;
/** The shortest bar, so a silent slice still shows where the ring is. */
const MIN_BAR: NormalRange = 0.06;

/** Keyboard steps on the focused ring, in seconds (the seek bar's usual arrow and page steps). */
export const ARROW_STEP: Seconds = 5;
export const PAGE_STEP: Seconds = 30;

export interface RingBar {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The point at `radius` from the centre, `fraction` of a turn clockwise from 12 o'clock. */
export function pointOnRing(size: number, radius: number, fraction: number): { x: number; y: number } {
  const angle = fraction * 2 * Math.PI;
  const centre = size / 2;
  return { x: centre + radius * Math.sin(angle), y: centre - radius * Math.cos(angle) };
}

export function ringBar(size: number, index: number, count: number, peak: NormalRange): RingBar {
  const radius = size / 2;
  const inner = radius * RING_INNER;
  const length = radius * (RING_OUTER - RING_INNER) * (MIN_BAR + (1 - MIN_BAR) * Math.min(1, Math.max(0, peak)));
  const fraction = (index + 0.5) / count;
  const from = pointOnRing(size, inner, fraction);
  const to = pointOnRing(size, inner + length, fraction);
  return { x1: from.x, y1: from.y, x2: to.x, y2: to.y };
}

export function playedBars(position: Seconds, duration: Seconds, count: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(count, Math.max(0, Math.ceil((position / duration) * count)));
}

/** The song time at a point: one clockwise turn from 12 o'clock is the whole song; null off the ring or for a song without length (spec 000, 5). */
export function timeAtPoint(size: number, x: number, y: number, duration: Seconds): Seconds | null {
  if (!(duration > 0)) return null;
  const radius = size / 2;
  const dx = x - radius;
  const dy = y - radius;
  const distance = Math.hypot(dx, dy);
  // A little inside the bars still counts, so the ring is easy to hit.
  if (distance < radius * (RING_INNER - 0.08) || distance > radius) return null;
  const angle = Math.atan2(dx, -dy); // 0 at 12 o'clock, growing clockwise, in -PI..PI
  const fraction = (angle < 0 ? angle + 2 * Math.PI : angle) / (2 * Math.PI);
  return Math.min(duration, Math.max(0, fraction * duration));
}

export function timeAfterKey(key: string, position: Seconds, duration: Seconds): Seconds | null {
  if (!(duration > 0)) return null;
  const steps: Record<string, Seconds> = {
    ArrowRight: ARROW_STEP,
    ArrowUp: ARROW_STEP,
    ArrowLeft: -ARROW_STEP,
    ArrowDown: -ARROW_STEP,
    PageUp: PAGE_STEP,
    PageDown: -PAGE_STEP,
  };
  if (key === 'Home') return 0;
  if (key === 'End') return duration;
  const step = steps[key];
  return step === undefined ? null : Math.min(duration, Math.max(0, position + step));
}

export function ringArcPath(size: number, radius: number, from: number, to: number): string {
  const start = pointOnRing(size, radius, from);
  const end = pointOnRing(size, radius, to);
  const largeArc = to - from > 0.5 ? 1 : 0;
  return `M ${start.x.toFixed(2)} ${start.y.toFixed(2)} A ${radius} ${radius} 0 ${largeArc} 1 ${end.x.toFixed(2)} ${end.y.toFixed(2)}`;
}
