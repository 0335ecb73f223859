import { describe, expect, it } from 'vitest';
import { chordInstrumentChoices, chordInstrumentFor, chordInstrumentLabel } from './chord-preferences';

describe('chordInstrumentChoices', () => {
  it('offers only the instruments the song has chords for, master first', () => {
    expect(chordInstrumentChoices(['keys', 'master', 'bass'])).toEqual(['master', 'bass', 'keys']);
    expect(chordInstrumentChoices(['guitar'])).toEqual(['guitar']);
    expect(chordInstrumentChoices([])).toEqual([]);
  });

  it('leaves out chord files that are not a chord instrument', () => {
    expect(chordInstrumentChoices(['vocals', 'bass'])).toEqual(['bass']);
  });
});

describe('chordInstrumentFor', () => {
  it('follows the preference when the song has chords for it', () => {
    expect(chordInstrumentFor('bass', ['master', 'bass'])).toBe('bass');
  });

  it('falls back to master, then to the first instrument the song has', () => {
    expect(chordInstrumentFor('keys', ['guitar', 'master'])).toBe('master');
    expect(chordInstrumentFor('keys', ['guitar', 'bass'])).toBe('guitar');
    expect(chordInstrumentFor(undefined, ['bass'])).toBe('bass');
    expect(chordInstrumentFor('master', ['vocals'])).toBe('vocals');
  });

  it('is null for a song without chord files', () => {
    expect(chordInstrumentFor('master', [])).toBeNull();
  });
});

describe('chordInstrumentLabel', () => {
  it('names each instrument', () => {
    expect(['master', 'guitar', 'bass', 'keys'].map((name) => chordInstrumentLabel(name as 'master'))).toEqual(['Master', 'Guitar', 'Bass', 'Keys']);
  });
});
