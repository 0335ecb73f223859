import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chordChartText, mergeSegments } from './chord-chart';
import { keyName, parseChordSymbol, parseKey, relativeKey } from './chord-names';
import { gridAlignment, refineTempo } from './detect-tempo';
import { SongAnalyser } from './song-analyser';
import { afterSilence, chord, clickTrack, wavOf } from './testing/synthetic-audio';

const folder = mkdtempSync(path.join(tmpdir(), 'woodshed-analysis-'));
const analyser = new SongAnalyser();
afterAll(async () => {
  await analyser.close();
  rmSync(folder, { recursive: true, force: true });
});

function file(name: string, samples: Float32Array, rate: number): string {
  const target = path.join(folder, name);
  writeFileSync(target, wavOf(samples, rate));
  return target;
}

describe('audio analysis in the worker', () => {
  it('hears 120 BPM in a click track (within 2%)', async () => {
    const drums = file('drums.wav', clickTrack(120, 12, 44100), 44100);
    const tempo = await analyser.tempo([drums]);
    expect(tempo.bpm).not.toBeNull();
    expect(Math.abs(tempo.bpm! - 120) / 120).toBeLessThanOrEqual(0.02);
    // Beats half a second apart.
    const gaps = tempo.beats.slice(1).map((beat, i) => beat - tempo.beats[i]!);
    expect(gaps.filter((gap) => Math.abs(gap - 0.5) < 0.02).length).toBeGreaterThan(gaps.length * 0.8);
  }, 60_000);

  it('reads a short click track\'s tempo to the tenth: 100 BPM over 16 s is 100, not 100.1', async () => {
    for (const bpm of [100, 140]) {
      const drums = file(`click-${bpm}.wav`, clickTrack(bpm, 16, 44100), 44100);
      expect((await analyser.tempo([drums])).bpm).toBe(bpm);
    }
  }, 60_000);

  it('finds the first beat of drums that come in late, to within 20 ms, also under a sustained chord', async () => {
    for (const [offset, bpm] of [
      [0.5, 120],
      [1.3, 140],
      [0.2, 90],
    ] as const) {
      const drums = file(`late-drums-${offset}.wav`, afterSilence(clickTrack(bpm, 10, 44100), offset, 44100), 44100);
      const tempo = await analyser.tempo([drums]);
      expect(Math.abs(tempo.firstBeat! - offset), `${offset} s at ${bpm} BPM: ${tempo.firstBeat}`).toBeLessThanOrEqual(0.02);
    }
    // No drum stem: the mix of all stems is the rhythm signal, a chord sounding from 0 s under it.
    const clicks = file('late-clicks.wav', afterSilence(clickTrack(100, 10, 22050), 0.75, 22050), 22050);
    const organ = file('organ.wav', chord([60, 64, 67], 10.75, 22050), 22050);
    const mixed = await analyser.tempo([clicks, organ]);
    expect(Math.abs(mixed.firstBeat! - 0.75), `mixed: ${mixed.firstBeat}`).toBeLessThanOrEqual(0.02);
  }, 120_000);

  it('hears C major in a sustained C major triad at another sample rate, and charts it as C', async () => {
    const keys = file('keys.wav', chord([60, 64, 67, 48], 8, 22050), 22050);
    const harmony = await analyser.harmony([keys], []);
    expect(harmony.key).toBe('C major');
    expect(harmony.chords.master).toMatch(/^\[00:00\.00\] C\n/);
    expect(harmony.chords.keys).toBe(harmony.chords.master);
  }, 60_000);

  it('gives no tempo, key or chords for silence or a sound too short to tell', async () => {
    const blip = file('fx.wav', chord([69], 1, 8000), 8000);
    expect(await analyser.tempo([blip])).toEqual({ bpm: null, beats: [], firstBeat: null, problems: [] });
    expect(await analyser.harmony([blip], [])).toEqual({ key: null, chords: {}, textures: {}, problems: [] });
  }, 60_000);

  it('analyses the other stems when one is garbage or gone since the scan, each reported without server paths', async () => {
    const garbage = path.join(folder, 'drums broken.wav');
    writeFileSync(garbage, 'not audio at all');
    const drums = file('drums2.wav', clickTrack(100, 10, 44100), 44100);
    const tempo = await analyser.tempo([garbage, path.join(folder, 'drums gone.mp3'), drums]);
    expect(Math.abs(tempo.bpm! - 100) / 100).toBeLessThanOrEqual(0.02);
    expect(tempo.problems).toEqual([
      'drums broken.wav could not be decoded to the end: Not a WAV file',
      'drums gone.mp3 could not be decoded to the end: ENOENT: no such file or directory',
    ]);
  }, 60_000);
});

describe('tempo refinement', () => {
  it('finds the grid onsets fit, near an estimate a frame grid made coarse', () => {
    const onsets = Array.from({ length: 200 }, (_, i) => i * (60 / 168 / 2) + (i % 3) * 0.002);
    expect(gridAlignment(onsets, 60 / 168 / 2)).toBeGreaterThan(0.9);
    expect(refineTempo(onsets, 165.1)).toBeCloseTo(168, 0);
  });

  it('keeps the estimate when there are too few onsets', () => {
    expect(refineTempo([0, 0.5, 1], 118)).toBe(118);
  });
});

describe('chord charts and names', () => {
  it('writes the chord file format, merging repeats', () => {
    const chords = ['C', 'C', 'C', 'C', 'Am', 'Am'];
    const segments = mergeSegments(chords.map((name, i) => ({ start: i * 0.5, end: (i + 1) * 0.5, chord: name })));
    expect(chordChartText(segments)).toBe('[00:00.00] C\n[00:02.00] Am\n');
    expect(chordChartText([{ start: 61.237, end: 62, chord: 'F#m' }])).toBe('[01:01.24] F#m\n');
  });

  it('reduces chord symbols to triads and names keys as the song folder format does', () => {
    expect(parseChordSymbol('Fm7')).toEqual({ root: 5, minor: true });
    expect(parseChordSymbol('Dbmaj7')).toEqual({ root: 1, minor: false });
    expect(parseChordSymbol('Bm7b5')).toEqual({ root: 11, minor: true });
    expect(parseChordSymbol('H')).toBeUndefined();
    expect(keyName(relativeKey(parseKey('Eb major')!))).toBe('C minor');
    expect(keyName(relativeKey(parseKey('c# minor')!))).toBe('E major');
    expect(parseKey('Cmaj')).toBeUndefined();
  });
});
