import { describe, expect, it } from 'vitest';
import { keyVerdict, parseChart, scoreChart, tempoVerdict } from './analysis-scores';
import { changesPerMinute, truthChords, type CorpusTruth } from './corpus-truth';

describe('tempo verdicts', () => {
  it('counts within 2% right, and octave and 2:3 errors apart', () => {
    expect(tempoVerdict(121.9, 120)).toBe('right');
    expect(tempoVerdict(117.7, 120)).toBe('right');
    expect(tempoVerdict(122.5, 120)).toBe('wrong');
    expect(tempoVerdict(240, 120)).toBe('octave');
    expect(tempoVerdict(59.5, 120)).toBe('octave');
    expect(tempoVerdict(180, 120)).toBe('twoThree');
    expect(tempoVerdict(80.5, 120)).toBe('twoThree');
    expect(tempoVerdict(40, 120)).toBe('twoThree');
    expect(tempoVerdict(100, 120)).toBe('wrong');
    expect(tempoVerdict(null, 120)).toBe('none');
  });
});

describe('key verdicts', () => {
  it('tells exact keys from relative, parallel and fifth errors, enharmonics equal', () => {
    expect(keyVerdict('Eb major', 'D# major')).toBe('exact');
    expect(keyVerdict('C minor', 'Eb major')).toBe('relative');
    expect(keyVerdict('A major', 'F# minor')).toBe('relative');
    expect(keyVerdict('E minor', 'E major')).toBe('parallel');
    expect(keyVerdict('G major', 'C major')).toBe('fifth');
    expect(keyVerdict('F major', 'C major')).toBe('fifth');
    expect(keyVerdict('G minor', 'C major')).toBe('wrong');
    expect(keyVerdict(null, 'C major')).toBe('none');
  });
});

describe('chord scores', () => {
  it('scores 0.1 s samples by root and third, leaving out samples without a true chord', () => {
    // Truth: C for 2 s, nothing for 1 s, Am for 1 s; detected: C for 1 s, Cm for 1 s, A for 2 s.
    const truth = [
      { start: 0, end: 2, chord: 'C' },
      { start: 3, end: 4, chord: 'Am' },
    ];
    const detected = parseChart('[00:00.00] C\n[00:01.00] Cm\n[00:02.00] A\n', 4);
    expect(detected.at(-1)).toEqual({ start: 2, end: 4, chord: 'A' });
    expect(scoreChart(truth, detected, 4)).toEqual({ samples: 30, majmin: 10, root: 30 });
  });

  it('takes any third for a chord without one, and no chart as all wrong', () => {
    const truth = [{ start: 0, end: 1, chord: 'E5' }];
    expect(scoreChart(truth, [{ start: 0, end: 1, chord: 'Em' }], 1)).toEqual({ samples: 10, majmin: 10, root: 10 });
    expect(scoreChart(truth, [], 1)).toEqual({ samples: 10, majmin: 0, root: 0 });
  });
});

describe('the corpus truth as scored', () => {
  const truth = {
    chords: [
      { start: 0, end: 1, chord: 'N', majmin: 'N' },
      { start: 1, end: 2, chord: 'Cm7', majmin: 'Cm' },
      { start: 2, end: 3, chord: 'Bb7sus4', majmin: 'Bb' },
      { start: 3, end: 4, chord: 'Bbdim', majmin: 'Bbm' },
    ],
  } as CorpusTruth;

  it('reduces chords to major or minor, chords without a third to their root, and drops no-chord spans', () => {
    expect(truthChords(truth)).toEqual([
      { start: 1, end: 2, chord: 'Cm' },
      { start: 2, end: 3, chord: 'Bb5' },
      { start: 3, end: 4, chord: 'Bbm' },
    ]);
  });

  it('counts chord changes a minute', () => {
    expect(changesPerMinute(truthChords(truth), 30)).toBe(4);
    expect(changesPerMinute([{ start: 0, end: 1, chord: 'C' }, { start: 1, end: 2, chord: 'C' }], 60)).toBe(0);
  });
});
