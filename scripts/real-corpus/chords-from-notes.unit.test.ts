import { describe, expect, it } from 'vitest';
import { chordSpans } from './chord-spans';
import { chordOfNotes, chordsPerBeat, melodicNotes } from './chords-from-notes';
import { endTick } from './midi-timeline';
import { beatTicks, tempoMap } from './tempo-map';
import { tinyTicksPerBeat as q, tinyTimeline } from './tiny-midi';

const held = (pitches: number[]) => pitches.map((pitch) => ({ pitch, weight: 1 }));

describe('chords read back from notes', () => {
  it('finds the major or minor triad of a beat, inverted or with a passing note', () => {
    expect(chordOfNotes(held([60, 64, 67]))).toBe('C');
    expect(chordOfNotes(held([57, 60, 64]))).toBe('Am');
    expect(chordOfNotes(held([52, 55, 60]))).toBe('C'); // first inversion, E in the bass
    expect(chordOfNotes([...held([43, 59, 62, 67]), { pitch: 69, weight: 0.2 }])).toBe('G');
    expect(chordOfNotes(held([58, 62, 65, 68]))).toBe('Bb'); // Bb7 reduces to Bb
    expect(chordOfNotes([])).toBe('N');
  });

  it('gives one chord per beat, leaves drums out, and merges repeats into spans in seconds', () => {
    const timeline = tinyTimeline([
      { at: 0, bpm: 60 },
      { at: 0, note: 48, beats: 2 },
      { at: 0, note: 64, beats: 2 },
      { at: 0, note: 67, beats: 2 },
      { at: 2, note: 45, beats: 1 },
      { at: 2, note: 60, beats: 1 },
      { at: 2, note: 64, beats: 1 },
      { at: 0, note: 42, beats: 4, channel: 9 }, // a hi-hat: no pitch class
    ]);
    const map = tempoMap(timeline);
    const end = endTick(timeline);
    const beats = beatTicks(map, end);
    const chords = chordsPerBeat(melodicNotes(timeline), beats, end);
    expect(chords).toEqual(['C', 'C', 'Am', 'N']);
    const spans = chordSpans(chords.map((chord, beat) => ({ tick: beats[beat]!, chord })), map, end);
    expect(spans).toEqual([
      { start: 0, end: 2, chord: 'C' },
      { start: 2, end: 3, chord: 'Am' },
      { start: 3, end: 4, chord: 'N' },
    ]);
    expect(beats.map((tick) => tick / q)).toEqual([0, 1, 2, 3]);
  });
});
