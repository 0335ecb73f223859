import { describe, expect, it } from 'vitest';
import { groupStems, instrumentGroupOf } from './instrument-groups';

describe('instrumentGroupOf', () => {
  it('matches names to groups as spec 000 section 3 lists them, ignoring case', () => {
    const cases: [string, string][] = [
      ['drums', 'Drums'],
      ['Kick In', 'Drums'],
      ['percussion', 'Drums'],
      ['SNARE', 'Drums'],
      ['toms', 'Drums'],
      ['cymbals', 'Drums'],
      ['bass', 'Bass'],
      ['Bass DI', 'Bass'],
      ['guitar', 'Guitar'],
      ['Rhythm Guitar L', 'Guitar'],
      ['keyboard', 'Keys'],
      ['keys', 'Keys'],
      ['Piano', 'Keys'],
      ['synth pad', 'Keys'],
      ['vocals', 'Vocals'],
      ['Lead Vocal', 'Vocals'],
      ['fx', 'FX'],
      ['Effects', 'FX'],
      ['strings', 'strings'],
      ['Horns', 'Horns'],
    ];
    for (const [name, group] of cases) expect(instrumentGroupOf(name), name).toBe(group);
  });

  it('checks the groups in the spec order, so the first match wins', () => {
    expect(instrumentGroupOf('kick (bass drum)')).toBe('Drums');
    expect(instrumentGroupOf('bass drum')).toBe('Bass'); // the spec's word is 'drums', not 'drum'
    expect(instrumentGroupOf('synth bass')).toBe('Bass');
    expect(instrumentGroupOf('bass guitar')).toBe('Bass');
    expect(instrumentGroupOf('guitar fx')).toBe('Guitar');
  });
});

describe('groupStems', () => {
  it('orders Drums, Bass, Guitar, Keys, Vocals, FX, then the others alphabetically, whatever the input order', () => {
    const stems = ['Strings', 'fx', 'vocals', 'brass', 'keys', 'guitar', 'bass', 'drums'].map((name) => ({ name }));
    expect(groupStems(stems).map((group) => group.name)).toEqual(['Drums', 'Bass', 'Guitar', 'Keys', 'Vocals', 'FX', 'brass', 'Strings']);
    expect(groupStems([...stems].reverse()).map((group) => group.name)).toEqual(['Drums', 'Bass', 'Guitar', 'Keys', 'Vocals', 'FX', 'brass', 'Strings']);
  });

  it('puts several stems of one group together, in the order given', () => {
    const stems = [{ name: 'snare' }, { name: 'bass' }, { name: 'kick' }, { name: 'overheads' }, { name: 'cymbal' }];
    expect(groupStems(stems)).toEqual([
      { name: 'Drums', stems: [{ name: 'snare' }, { name: 'kick' }, { name: 'cymbal' }] },
      { name: 'Bass', stems: [{ name: 'bass' }] },
      { name: 'overheads', stems: [{ name: 'overheads' }] },
    ]);
  });

  it('groups nothing for no stems', () => {
    expect(groupStems([])).toEqual([]);
  });
});
