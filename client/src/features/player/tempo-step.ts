import { TEMPO_RANGE } from '../../lib/audio/render-mix';

/** One press of Slower or Faster (the buttons and the keys alike). */
export const TEMPO_STEP = 0.05;

/** Within the practice tools' range, in whole percent (steps of 0.05 add up without float drift). */
export function clampTempo(rate: number): number {
  return Math.round(Math.min(TEMPO_RANGE.max, Math.max(TEMPO_RANGE.min, rate)) * 100) / 100;
}
