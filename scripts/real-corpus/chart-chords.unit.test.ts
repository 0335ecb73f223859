import { describe, expect, it } from 'vitest';
import { chartChords } from './chart-chords';
import { majMin, splitChord, transposeChord } from './chord-names';
import { chartTranspose } from './compile-chart';
import { tinyTicksPerBeat as q, tinyTimeline } from './tiny-midi';

/** A bar's lyrics as MMA writes them: n symbols and a line break at steps of a bar over n + 1. */
const mmaBar = (startBeat: number, symbols: string[], beatsPerBar = 4) => {
  const step = beatsPerBar / (symbols.length + 1);
  return [...symbols, '\r'].map((lyric, index) => ({ at: startBeat + index * step, lyric: lyric === '\r' ? '\r' : `${lyric} ` }));
};

describe('chords from a chart MMA compiled', () => {
  it('puts each charted symbol back on its beat, "/" holding the chord', () => {
    const timeline = tinyTimeline([...mmaBar(0, ['C', '/', 'G7', '/']), ...mmaBar(4, ['Am7', '/', '/', '/']), ...mmaBar(8, ['N.C.', '/', '/', '/']), ...mmaBar(12, ['F', '/', '/'], 3)]);
    expect(chartChords(timeline)).toEqual([
      { tick: 0, chord: 'C' },
      { tick: 2 * q, chord: 'G7' },
      { tick: 4 * q, chord: 'Am7' },
      { tick: 8 * q, chord: 'N' },
      { tick: 12 * q, chord: 'F' },
    ]);
  });

  it('transposes the chart’s chords with its notes, and refuses lyrics that are no chords', () => {
    expect(chartChords(tinyTimeline(mmaBar(0, ['Bb7', '/', 'F/A', '/'])), 2).map((placed) => placed.chord)).toEqual(['C7', 'G/B']);
    expect(() => chartChords(tinyTimeline(mmaBar(0, ['Twinkle,', '/', '/', '/'])))).toThrow(/not a chord symbol/);
    expect(chartTranspose('Tempo 120\ntranspose +2\nGroove Dixie')).toBe(2);
    expect(chartTranspose('Tempo 120')).toBe(0);
  });

  it('reduces chart chords to major or minor triads for scoring', () => {
    expect(['C', 'Cm7', 'G7', 'Bdim', 'F#m7b5', 'Ebmaj7', 'Dsus4', 'A+', 'CM7', 'Bb6', 'N'].map(majMin)).toEqual(['C', 'Cm', 'G', 'Bm', 'F#m', 'Eb', 'D', 'A', 'C', 'Bb', 'N']);
    expect(splitChord('Db/F')).toEqual({ root: 1, quality: '', bass: 5 });
    expect(transposeChord('F#m', -1)).toBe('Fm');
  });
});
