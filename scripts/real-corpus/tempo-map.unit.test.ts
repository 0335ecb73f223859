import { describe, expect, it } from 'vitest';
import { barLineAfter, excerpt } from './excerpt';
import { endTick, isNoteOff, isNoteOn } from './midi-timeline';
import { beatTicks, keyName, mainBpm, tempoMap } from './tempo-map';
import { tinyTicksPerBeat as q, tinyTimeline } from './tiny-midi';

describe('the tempo map of a MIDI file', () => {
  it('times ticks through every tempo change and names the tempo that lasts longest', () => {
    const timeline = tinyTimeline([
      { at: 0, bpm: 120 },
      { at: 8, bpm: 60 },
      { at: 8, bpm: 60 }, // restated: no change
      { at: 10, bpm: 90 },
      { at: 0, note: 60, beats: 40 },
    ]);
    const map = tempoMap(timeline);
    expect(map.tempos).toEqual([
      { tick: 0, seconds: 0, bpm: 120 },
      { tick: 8 * q, seconds: 4, bpm: 60 },
      { tick: 10 * q, seconds: 6, bpm: 90 },
    ]);
    expect(map.secondsAt(9 * q)).toBe(5);
    // 90 BPM is 666,667 µs a beat in a MIDI file: a hair over 2/3 s.
    expect(map.secondsAt(40 * q)).toBeCloseTo(26, 4);
    expect(mainBpm(map, 26)).toBe(90);
  });

  it('plays 120 BPM in 4/4 when the file states neither, as the MIDI standard says', () => {
    const map = tempoMap(tinyTimeline([{ at: 0, note: 60, beats: 2 }]));
    expect(map.tempos).toEqual([{ tick: 0, seconds: 0, bpm: 120 }]);
    expect(map.metres).toEqual([{ tick: 0, seconds: 0, numerator: 4, denominator: 4 }]);
    expect(map.keys).toEqual([]);
  });

  it('names key signatures as song.json spells keys', () => {
    expect([keyName(0, 0), keyName(0, 1), keyName(-2, 0), keyName(3, 1), keyName(6, 0), keyName(-7, 0)]).toEqual(['C major', 'A minor', 'Bb major', 'F# minor', 'F# major', 'Cb major']);
    const map = tempoMap(tinyTimeline([{ at: 0, key: 1 }, { at: 16, key: 2 }, { at: 0, note: 60, beats: 20 }]));
    expect(map.keys.map((key) => [key.seconds, key.key])).toEqual([[0, 'G major'], [8, 'D major']]);
  });

  it('counts beats in the metre’s own unit, eighths in 6/8', () => {
    const timeline = tinyTimeline([{ at: 0, metre: [2, 4] }, { at: 2, metre: [6, 8] }, { at: 0, note: 60, beats: 5 }]);
    const map = tempoMap(timeline);
    expect(beatTicks(map, endTick(timeline)).map((tick) => tick / q)).toEqual([0, 1, 2, 2.5, 3, 3.5, 4, 4.5]);
  });
});

describe('an excerpt of a long piece', () => {
  it('cuts at the first bar line after the time, ending the notes still sounding there', () => {
    const timeline = tinyTimeline([{ at: 0, bpm: 120 }, { at: 0, note: 48, beats: 20 }, { at: 1, note: 60, beats: 1 }, { at: 9, note: 62, beats: 1 }]);
    const map = tempoMap(timeline);
    // 3 s is beat 6, inside bar 2 (beats 4 to 8): the cut falls on beat 8.
    const cut = barLineAfter(map, 3, endTick(timeline));
    expect(cut).toBe(8 * q);
    const short = excerpt(timeline, cut);
    expect(endTick(short)).toBe(8 * q);
    expect(short.events.filter((item) => isNoteOn(item.event)).map((item) => item.tick)).toEqual([0, q]);
    const offs = short.events.filter((item) => isNoteOff(item.event)).map((item) => item.tick);
    expect(offs).toEqual([2 * q, 8 * q]);
    expect(short.events.filter((item) => item.event.type === 'endOfTrack')).toHaveLength(timeline.trackCount);
  });
});
