import type { Seconds } from '../../lib/audio/units';
import { findLastAtOrBefore } from './find-last-at-or-before';
import { parseTimeStamp } from './time-stamp';

/** A chord from `time` until the next chord (the last one until the end of the song). */
export interface ChordChange {
  time: Seconds;
  chord: string;
}

export interface ChordChartProblem {
  lineNumber: number;
  text: string;
  reason: string;
}

export interface ChordChart {
  chords: ChordChange[];
  problems: ChordChartProblem[];
}

const linePattern = /^\[([^\]]*)\]\s*(.*)$/;
// Root, optional accidental, quality and slash bass without spaces; or N.C. for no chord.
const chordPattern = /^(?:[A-G][#b]?[A-Za-z0-9#b+()°ø-]*(?:\/[A-G][#b]?)?|N\.?C\.?)$/;

/** Parses `chords/<instrument>.txt` (`[mm:ss.xx] Chord` lines), sorted stably by time; malformed lines go to `problems`. */
export function parseChordChart(source: string): ChordChart {
  const chart: ChordChart = { chords: [], problems: [] };
  source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .forEach((raw, index) => {
      const text = raw.trim();
      if (text === '') return;
      const skip = (reason: string) => chart.problems.push({ lineNumber: index + 1, text, reason });
      const match = linePattern.exec(text);
      if (!match) return skip('no time stamp');
      const time = parseTimeStamp(match[1]!.trim());
      if (time === null) return skip('bad time stamp');
      const chord = match[2]!;
      if (chord === '') return skip('no chord');
      if (!chordPattern.test(chord)) return skip('not a chord symbol');
      chart.chords.push({ time, chord });
    });
  chart.chords.sort((a, b) => a.time - b.time);
  return chart;
}

/** The chord sounding at `time` and the one after it (binary search), or nulls. */
export function chordAt(chords: readonly ChordChange[], time: Seconds): { current: ChordChange | null; next: ChordChange | null } {
  const index = findLastAtOrBefore(chords, time);
  return { current: chords[index] ?? null, next: chords[index + 1] ?? null };
}
