import type { Seconds } from '../../lib/audio/units';

// mm:ss.xx as the song folder format writes it; also what LRC files in the wild use: one to three
// minute digits, no fraction, milliseconds, or a colon before the hundredths.
const stampPattern = /^(\d{1,3}):([0-5]\d)(?:[.:](\d{1,3}))?$/;

export function parseTimeStamp(text: string): Seconds | null {
  const match = stampPattern.exec(text);
  if (!match) return null;
  const [, minutes, seconds, fraction] = match;
  return Number(minutes) * 60 + Number(seconds) + (fraction === undefined ? 0 : Number(`0.${fraction}`));
}
