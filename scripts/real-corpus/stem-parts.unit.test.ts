import { describe, expect, it } from 'vitest';
import { instrumentOf, stemName } from '../../contract/instrument-groups';
import { isNoteOff, isNoteOn, readMidi, writeTimeline } from './midi-timeline';
import { partOfProgram, partTimeline, partsPlayed, stemParts } from './stem-parts';
import { formatProfiles, stemFileName } from './stem-formats';
import { tinyTimeline } from './tiny-midi';

const notesOf = (timeline: ReturnType<typeof tinyTimeline>) =>
  timeline.events.filter((item) => isNoteOn(item.event)).map((item) => ('noteNumber' in item.event ? item.event.noteNumber : -1));

describe('splitting a MIDI arrangement into stem parts', () => {
  it('puts channel 10 in drums whatever its program, and melodic channels by General MIDI program', () => {
    expect([0, 16, 25, 33, 40, 48, 53, 56, 73, 81, 89, 100, 118].map(partOfProgram)).toEqual(['keys', 'keys', 'guitar', 'bass', 'other', 'other', 'vocals', 'lead', 'lead', 'lead', 'keys', 'other', 'other']);
    const timeline = tinyTimeline([
      { at: 0, program: 33, channel: 1 },
      { at: 0, program: 25, channel: 9 },
      { at: 0, note: 36, beats: 1, channel: 9 },
      { at: 0, note: 40, beats: 1, channel: 1 },
      { at: 1, note: 60, beats: 1, channel: 2 }, // no program change: piano
    ]);
    expect(partsPlayed(timeline)).toEqual([
      { part: 'drums', noteCount: 1, channels: [10], programs: [] },
      { part: 'bass', noteCount: 1, channels: [2], programs: [33] },
      { part: 'keys', noteCount: 1, channels: [3], programs: [0] },
    ]);
  });

  it('follows program changes on one channel, ending each note in the part it started in', () => {
    const timeline = tinyTimeline([
      { at: 0, program: 0, channel: 0 },
      { at: 0, note: 60, beats: 2 },
      { at: 1, program: 26, channel: 0 }, // guitar while the piano note still sounds
      { at: 1, note: 64, beats: 1 },
      { at: 2, note: 60, beats: 1 },
    ]);
    const keys = partTimeline(timeline, 'keys');
    const guitar = partTimeline(timeline, 'guitar');
    expect(notesOf(keys)).toEqual([60]);
    expect(notesOf(guitar)).toEqual([64, 60]);
    // The piano note's end stays with the piano: no stem holds a note that never stops.
    expect(keys.events.filter((item) => isNoteOff(item.event)).map((item) => item.tick)).toEqual([192]);
    // Both stems keep both program changes, so each channel's synthesizer state is the whole arrangement's.
    for (const stem of [keys, guitar]) expect(stem.events.filter((item) => item.event.type === 'programChange')).toHaveLength(2);
  });

  it('keeps tempo, controllers and the end of every track in each stem, so stems last as long as the piece', () => {
    const timeline = tinyTimeline([
      { at: 0, bpm: 90 },
      { at: 0, controller: 7, value: 80, channel: 1 },
      { at: 0, note: 36, beats: 1, channel: 9 },
      { at: 3, note: 40, beats: 1, channel: 1, velocity: 90 },
    ]);
    const drums = partTimeline(timeline, 'drums');
    expect(drums.events.map((item) => item.event.type)).toEqual(['setTempo', 'controller', 'noteOn', 'noteOff', 'endOfTrack', 'endOfTrack']);
    expect(drums.events.at(-1)!.tick).toBe(timeline.events.at(-1)!.tick);
    // Written and read back, the stem is the same timeline.
    const again = readMidi(writeTimeline(drums));
    expect(again.events.map((item) => [item.tick, item.track, item.event.type])).toEqual(drums.events.map((item) => [item.tick, item.track, item.event.type]));
  });

  it('names stem files so the instrument match still finds drums, bass, guitar, keys and vocals', () => {
    const groups = { drums: 'Drums', bass: 'Bass', guitar: 'Guitar', keys: 'Keys', vocals: 'Vocals' } as Record<string, string>;
    for (const profile of formatProfiles) {
      stemParts.forEach((part, position) => {
        const file = stemFileName(part, position, profile.names, 'flac');
        expect(instrumentOf(stemName(file))).toBe(groups[part] ?? stemName(file));
      });
    }
    expect(stemFileName('keys', 3, 'numbered', 'flac')).toBe('04 Keys – Clavier.flac');
  });
});
