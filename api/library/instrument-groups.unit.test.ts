import { describe, expect, it } from 'vitest';
import { compareByInstrument, instrumentOf, stemName } from './instrument-groups';

describe('instrument grouping (spec 000 section 3)', () => {
  it('groups by name match, case-insensitively, else keeps the stem name', () => {
    const cases: Array<[string, string]> = [
      ['Kick', 'Drums'],
      ['drums', 'Drums'],
      ['Percussion 2', 'Drums'],
      ['snare top', 'Drums'],
      ['cymbals', 'Drums'],
      ['kick bass', 'Drums'],
      ['Bass', 'Bass'],
      ['synth bass', 'Bass'],
      ['Lead Guitar', 'Guitar'],
      ['keyboard', 'Keys'],
      ['Piano', 'Keys'],
      ['synth pad', 'Keys'],
      ['Backing Vocals', 'Vocals'],
      ['fx', 'FX'],
      ['Effects', 'FX'],
      ['Strings', 'Strings'],
    ];
    for (const [name, group] of cases) expect(instrumentOf(name), name).toBe(group);
  });

  it('names a stem by its file name without the extension', () => {
    expect(stemName('Bass Guitar.wav')).toBe('Bass Guitar');
    expect(stemName('take.2.mp3')).toBe('take.2');
    expect(stemName('noext')).toBe('noext');
  });

  it('orders Drums, Bass, Guitar, Keys, Vocals, FX, then the others by name', () => {
    const stems = ['Strings', 'fx', 'vocals', 'keys', 'Brass', 'guitar', 'bass', 'kick', 'drums'].map((name) => ({ name, instrument: instrumentOf(name) }));
    expect(stems.sort(compareByInstrument).map((stem) => stem.name)).toEqual(['drums', 'kick', 'bass', 'guitar', 'keys', 'vocals', 'fx', 'Brass', 'Strings']);
  });
});
