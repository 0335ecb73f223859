import type { Seconds } from '../../lib/audio/units';

// mm:ss.xx, plus what LRC files in the wild use: 1-3 minute digits, no fraction, milliseconds, or a colon.
const stampPattern = /^(\d{1,3}):([0-5]\d)(?:[.:](\d{1,3}))?$/;

export function parseTimeStamp(text: string): Seconds | null {
  const match = stampPattern.exec(text);
  if (!match) return null;
  const [, minutes, seconds, fraction] = match;
  return Number(minutes) * 60 + Number(seconds) + (fraction === undefined ? 0 : Number(`0.${fraction}`));
}
