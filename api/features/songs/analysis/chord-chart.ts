/** One chord of a timeline: from `start` until `end` (seconds). */
export interface ChordSegment {
  start: number;
  end: number;
  chord: string;
}

function stamp(seconds: number): string {
  const hundredths = Math.max(0, Math.round(seconds * 100));
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  return `[${String(minutes).padStart(2, '0')}:${String(Math.floor(rest / 100)).padStart(2, '0')}.${String(rest % 100).padStart(2, '0')}]`;
}

/** A chord file's text (docs/song-folder-format.md): `[mm:ss.xx] Chord` lines, a chord lasting until the next. */
export function chordChartText(segments: readonly ChordSegment[]): string {
  return segments.map((segment) => `${stamp(segment.start)} ${segment.chord}\n`).join('');
}

/** Join neighbours naming the same chord, so a chart lists changes only. */
export function mergeSegments(segments: readonly ChordSegment[]): ChordSegment[] {
  const merged: ChordSegment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (last && last.chord === segment.chord) last.end = segment.end;
    else merged.push({ ...segment });
  }
  return merged;
}
