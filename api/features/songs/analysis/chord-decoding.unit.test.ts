import { describe, expect, it } from 'vitest';
import { testRandom } from '../../../../events/testing/test-seed';
import { chordStates, decodeChords, foldHpcp, slotChromas, stateScores, viterbi } from './chord-decoding';
import type { Triad } from './chord-names';
import { stemTexture, strongPitchClasses } from './stem-texture';

/** A 12-bin chroma (C = 0) lighting the given pitch classes. */
function chroma(pitchClasses: readonly number[], level = 1): Float64Array {
  const values = new Float64Array(12);
  for (const pitchClass of pitchClasses) values[pitchClass]! += level;
  return values;
}

function triadClasses({ root, minor }: Triad): number[] {
  return [root, (root + (minor ? 3 : 4)) % 12, (root + 7) % 12];
}

/** A 36-bin HPCP frame (bin 0 = A) peaking on the given pitch classes (C = 0). */
function hpcp(pitchClasses: readonly number[]): Float32Array {
  const frame = new Float32Array(36);
  for (const pitchClass of pitchClasses) frame[(((pitchClass - 9) % 12) + 12) % 12 * 3] = 1;
  return frame;
}

const name = (triad: Triad | undefined) => (triad ? `${triad.root}${triad.minor ? 'm' : ''}` : 'N');

describe('chroma per slot', () => {
  it('folds HPCP bins to pitch classes with C first', () => {
    const folded = new Float64Array(12);
    foldHpcp(hpcp([0, 4, 7]), folded, 2);
    expect(Array.from(folded)).toEqual([2, 0, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0]);
  });

  it('weights frames by their level and gives silent slots none', () => {
    // Frames every 0.5 s: C major loud, then a quiet A, then silence.
    const frames = [hpcp([0, 4, 7]), hpcp([0, 4, 7]), hpcp([9]), new Float32Array(36)];
    const levels = [1, 1, 0.1, 0];
    const slots = slotChromas(frames, levels, [0, 1.5, 2], 0.5);
    expect(Array.from(slots[0]!)).toEqual(Array.from(chroma([0, 4, 7], 2)).map((value, i) => (i === 9 ? 0.1 : value)));
    expect(slots[1]).toBeUndefined();
  });
});

describe('chord decoding', () => {
  it('scores the triad whose notes sound highest, and the bass tells a seventh chord from its upper triad', () => {
    const cMajor = stateScores(chroma([0, 4, 7]), undefined, 0.35);
    const best = cMajor.indexOf(Math.max(...cMajor));
    expect(chordStates[best]).toEqual({ root: 0, minor: false });
    // F, Ab, C, Eb (Fm7): Fm and Ab tie on the chroma; an F in the bass makes it Fm.
    const fm7 = stateScores(chroma([5, 8, 0, 3]), chroma([5]), 0.35);
    expect(chordStates[fm7.indexOf(Math.max(...fm7))]).toEqual({ root: 5, minor: true });
    expect(stateScores(undefined, undefined, 0.35)[24]).toBe(1);
  });

  it('keeps a chord through a beat that a passing note colours, and changes where the harmony does', () => {
    // C C (C+A: a passing A) C | F F F F: without a price on changes the passing beat becomes Am.
    const beats = [chroma([0, 4, 7]), chroma([0, 4, 7]), chroma([0, 4, 9], 1), chroma([0, 4, 7]), ...Array.from({ length: 4 }, () => chroma([5, 9, 0]))];
    expect(decodeChords(beats, undefined, { switchPenalty: 0, bassWeight: 0, harmonicDecay: 0 }).map(name)).toEqual(['0', '0', '9m', '0', '5', '5', '5', '5']);
    expect(decodeChords(beats, undefined, { switchPenalty: 0.35, bassWeight: 0, harmonicDecay: 0 }).map(name)).toEqual(['0', '0', '0', '0', '5', '5', '5', '5']);
  });

  it('finds random progressions under noise, a chord a bar, where beat-by-beat choice flickers', () => {
    const { seed, next } = testRandom();
    const random = { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), chance: (p: number) => next() < p, range: (min: number, max: number) => min + next() * (max - min) };
    const truth: Triad[] = [];
    const beats: Float64Array[] = [];
    for (let bar = 0; bar < 40; bar++) {
      const triad = { root: random.int(0, 11), minor: random.chance(0.5) };
      for (let beat = 0; beat < 4; beat++) {
        truth.push(triad);
        const values = chroma(triadClasses(triad));
        // Melody and passing notes: noise on every pitch class, a strong stray note now and then.
        for (let i = 0; i < 12; i++) values[i]! += random.range(0, 0.5);
        if (random.chance(0.3)) values[random.int(0, 11)]! += 1;
        beats.push(values);
      }
    }
    const right = (found: Array<Triad | undefined>) => found.filter((triad, i) => name(triad) === name(truth[i])).length / truth.length;
    const changes = (found: Array<Triad | undefined>) => found.filter((triad, i) => i > 0 && name(triad) !== name(found[i - 1])).length;
    const beatByBeat = decodeChords(beats, undefined, { switchPenalty: 0, bassWeight: 0, harmonicDecay: 0 });
    const smoothed = decodeChords(beats, undefined, { switchPenalty: 0.35, bassWeight: 0, harmonicDecay: 0 });
    expect(right(smoothed), `seed ${seed}`).toBeGreaterThan(right(beatByBeat));
    expect(right(smoothed), `seed ${seed}`).toBeGreaterThan(0.9);
    expect(changes(smoothed), `seed ${seed}`).toBeLessThan(changes(beatByBeat));
  });

  it('decodes the best path of a small lattice (Viterbi)', () => {
    const scores = [Float64Array.from([1, 0]), Float64Array.from([0, 0.6]), Float64Array.from([1, 0])];
    expect(viterbi(scores, 0.5)).toEqual([0, 0, 0]);
    expect(viterbi(scores, 0.2)).toEqual([0, 1, 0]);
    expect(viterbi([], 0.5)).toEqual([]);
  });
});

describe('stem texture', () => {
  it('counts the strong pitch classes of a frame', () => {
    expect(strongPitchClasses(hpcp([0, 4, 7]))).toBe(3);
    expect(strongPitchClasses(new Float32Array(36))).toBe(0);
  });

  it('tells a stem of chords from one of lines and from one nearly silent', () => {
    const song = new Array<number>(100).fill(1);
    const chords = Array.from({ length: 100 }, (_, i) => hpcp(triadClasses({ root: i % 12, minor: false })));
    const line = Array.from({ length: 100 }, (_, i) => hpcp([i % 12]));
    expect(stemTexture(chords, new Array<number>(100).fill(0.5), song)).toEqual({ texture: 'chords', audible: 1, pitchClasses: 3 });
    expect(stemTexture(line, new Array<number>(100).fill(0.5), song).texture).toBe('lines');
    const rare = new Array<number>(100).fill(0).map((_, i) => (i < 10 ? 0.5 : 0.001));
    expect(stemTexture(chords, rare, song)).toEqual({ texture: 'silent', audible: 0.1, pitchClasses: 3 });
  });
});
