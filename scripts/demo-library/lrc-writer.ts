/** lyrics.lrc: `[Verse]`-style headers, then `[00:12.34]<00:12.34>Under <00:12.88>the` per line. */
import type { LyricLine } from './parts/vocal-part';

/** mm:ss.xx, rounded to the hundredth (59.996 s is 01:00.00, not 00:60.00). */
export function formatStamp(seconds: number): string {
  const hundredths = Math.max(0, Math.round(seconds * 100));
  const minutes = Math.floor(hundredths / 6000);
  const secondsPart = Math.floor((hundredths % 6000) / 100);
  const fraction = hundredths % 100;
  return `${String(minutes).padStart(2, '0')}:${String(secondsPart).padStart(2, '0')}.${String(fraction).padStart(2, '0')}`;
}

export function writeLrc(lines: readonly LyricLine[]): string {
  const out: string[] = [];
  let currentSection: number | undefined;
  for (const line of [...lines].sort((a, b) => a.words[0]!.time - b.words[0]!.time)) {
    if (line.sectionStart !== currentSection) {
      if (out.length > 0) out.push('');
      out.push(`[${line.section}]`);
      currentSection = line.sectionStart;
    }
    const words = line.words.map((word) => `<${formatStamp(word.time)}>${word.text}`).join(' ');
    out.push(`[${formatStamp(line.words[0]!.time)}]${words}`);
  }
  return `${out.join('\n')}\n`;
}
