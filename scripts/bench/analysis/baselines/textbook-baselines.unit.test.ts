import { describe, expect, it } from 'vitest';
import { chord as organChord } from '../../../../api/features/songs/analysis/testing/synthetic-audio';
import { seededRandom } from '../../../demo-library/seeded-random';
import { tempoOfBeats } from './aubio';
import { ChromaFrames, spanChroma } from './chroma';
import { templateChords, triadTemplates } from './chord-templates';
import { Fft } from '../../../../api/features/songs/analysis/fft';
import { profileKey } from './key-profiles';
import { beatBoundaries, textbookHarmony } from './textbook-harmony';

const rate = 22050;

/** Triads as MIDI notes (root in the octave above middle C's below, with the root an octave lower too). */
function triadNotes(root: number, minor: boolean): number[] {
  return [48 + root, 60 + root, 60 + root + (minor ? 3 : 4), 60 + root + 7];
}

describe('the FFT', () => {
  it('puts a cosine of bin k into bins k and n - k', () => {
    const fft = new Fft(64);
    const real = Float64Array.from({ length: 64 }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / 64));
    const imag = new Float64Array(64);
    fft.transform(real, imag);
    const magnitudes = Array.from(real, (value, i) => Math.hypot(value, imag[i]!));
    expect(magnitudes[5]).toBeCloseTo(32, 6);
    expect(magnitudes[59]).toBeCloseTo(32, 6);
    expect(magnitudes.filter((value) => value > 1e-6)).toHaveLength(2);
  });
});

describe('the chroma template baseline', () => {
  it('has 24 unit templates, one per major and minor triad', () => {
    expect(triadTemplates.map((template) => template.name).slice(0, 4)).toEqual(['C', 'Cm', 'C#', 'C#m']);
    for (const template of triadTemplates) expect(template.vector.reduce((sum, value) => sum + value * value, 0)).toBeCloseTo(1, 6);
  });

  it('names random triads played one a beat, in chunks of any length, and a silent beat as no chord', () => {
    const seed = 'chroma-templates';
    const random = seededRandom(seed);
    const beatSeconds = 0.75;
    const played = Array.from({ length: 10 }, () => ({ root: random.int(0, 11), minor: random.chance(0.5) }));
    const beats = played.map((_, i) => i * beatSeconds);
    const end = played.length * beatSeconds;
    const audio = new Float32Array(Math.round((end + 1.5) * rate));
    played.forEach((triad, i) => audio.set(organChord(triadNotes(triad.root, triad.minor), beatSeconds, rate), Math.round(i * beatSeconds * rate)));
    const chroma = new ChromaFrames(rate);
    for (let start = 0; start < audio.length; start += 3001) chroma.push(audio.subarray(start, start + 3001));
    // After the last chord, half a second its release and the window's length blur, then a second of silence.
    const names = templateChords(spanChroma(chroma.frames, (index) => chroma.timeOf(index), [...beats, end, end + 0.5, end + 1.5]));
    const expected = played.map((triad) => triadTemplates[triad.root * 2 + (triad.minor ? 1 : 0)]!.name);
    expect(names.slice(0, played.length), `seed ${seed}`).toEqual(expected);
    expect(names.at(-1)).toBe('N');
  });

  it('joins repeated chords into one span and finds the key by profiles', () => {
    const audio = new Float32Array(8 * rate);
    audio.set(organChord(triadNotes(7, false), 4, rate));
    audio.set(organChord(triadNotes(0, false), 4, rate), 4 * rate);
    const chroma = new ChromaFrames(rate);
    chroma.push(audio);
    const { chords, key } = textbookHarmony(chroma, [0, 1, 2, 3, 4, 5, 6, 7], 8);
    expect(chords.map((chord) => chord.chord)).toEqual(['G', 'C']);
    expect(chords[1]!.start).toBe(4);
    expect(chords[1]!.end).toBe(8);
    expect(['C major', 'G major']).toContain(key);
  });
});

describe('the key profile baseline', () => {
  it('finds a key from the pitch classes of its scale, weighted to its tonic triad', () => {
    // A minor's scale with the tonic triad doubled.
    const chroma = new Array<number>(12).fill(0);
    for (const pitch of [9, 11, 0, 2, 4, 5, 7]) chroma[pitch] = 1;
    for (const pitch of [9, 0, 4]) chroma[pitch] = 2;
    expect(profileKey(chroma)).toBe('A minor');
    const major = new Array<number>(12).fill(0);
    for (const pitch of [2, 4, 6, 7, 9, 11, 1]) major[pitch] = 1;
    for (const pitch of [2, 6, 9]) major[pitch] = 2;
    expect(profileKey(major)).toBe('D major');
    expect(profileKey(new Array<number>(12).fill(0))).toBeNull();
  });
});

describe("aubio's tempo and the beat grid", () => {
  it('takes the tempo from the median beat interval, none from too few beats', () => {
    expect(tempoOfBeats([0, 0.5, 1, 1.52, 2, 2.5])).toBe(120);
    expect(tempoOfBeats([0, 0.4, 0.8, 1.2])).toBe(150);
    expect(tempoOfBeats([0, 0.5])).toBeNull();
  });

  it('cuts the song at its beats, or every half second without them', () => {
    expect(beatBoundaries([0.01, 1, 2, 2.98], 3)).toEqual([0, 1, 2, 3]);
    expect(beatBoundaries([], 1.2)).toEqual([0, 0.5, 1, 1.2]);
  });
});
