import { describe, expect, it } from 'vitest';
import { chordAt, parseChordChart } from './chord-chart';

describe('parseChordChart', () => {
  it('reads the format the demo library writes', () => {
    const chart = parseChordChart('[00:00.00] Fm7\n[00:03.87] Dbmaj7\n[00:07.74] Fm7\n');
    expect(chart).toEqual({
      chords: [
        { time: 0, chord: 'Fm7' },
        { time: 3.87, chord: 'Dbmaj7' },
        { time: 7.74, chord: 'Fm7' },
      ],
      problems: [],
    });
  });

  it('accepts every quality of the format, sharps and flats, slash chords and N.C.', () => {
    const symbols = ['C', 'Am', 'G7', 'Cmaj7', 'Em7', 'Bdim', 'Bm7b5', 'E5', 'Dsus2', 'Asus4', 'F6', 'G9', 'Cmaj9', 'Dm9', 'F#m', 'Bb', 'C/E', 'N.C.'];
    const chart = parseChordChart(symbols.map((symbol, index) => `[00:${String(index).padStart(2, '0')}.00] ${symbol}`).join('\n'));
    expect(chart.problems).toEqual([]);
    expect(chart.chords.map((change) => change.chord)).toEqual(symbols);
  });

  it('sorts by time, keeping the file order between equal times', () => {
    const chart = parseChordChart('[00:04.00] G\n[00:00.00] C\n[00:04.00] Am\n[00:02.00] F');
    expect(chart.chords.map((change) => `${change.time} ${change.chord}`)).toEqual(['0 C', '2 F', '4 G', '4 Am']);
  });

  it('skips malformed lines, reports them, and keeps the rest', () => {
    const chart = parseChordChart(['C major', '[00:1x.00] C', '[00:02.00]', '[00:03.00] H7', '[00:04.00] C G', '', '[00:05.00]   Am  ', '[01:00.00]D'].join('\r\n'));
    expect(chart.chords).toEqual([
      { time: 5, chord: 'Am' },
      { time: 60, chord: 'D' },
    ]);
    expect(chart.problems.map((problem) => [problem.lineNumber, problem.reason])).toEqual([
      [1, 'no time stamp'],
      [2, 'bad time stamp'],
      [3, 'no chord'],
      [4, 'not a chord symbol'],
      [5, 'not a chord symbol'],
    ]);
  });
});

describe('chordAt', () => {
  const { chords } = parseChordChart('[00:01.00] C\n[00:03.00] F\n[00:05.00] G');

  it('is nothing before the first chord', () => {
    expect(chordAt(chords, 0.5)).toEqual({ current: null, next: { time: 1, chord: 'C' } });
  });

  it('is the last chord started, until the next one', () => {
    expect(chordAt(chords, 1)).toEqual({ current: { time: 1, chord: 'C' }, next: { time: 3, chord: 'F' } });
    expect(chordAt(chords, 4.99).current?.chord).toBe('F');
    expect(chordAt(chords, 300)).toEqual({ current: { time: 5, chord: 'G' }, next: null });
    expect(chordAt([], 3)).toEqual({ current: null, next: null });
  });
});
