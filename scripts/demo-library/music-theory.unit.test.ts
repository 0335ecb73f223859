import { describe, expect, it } from 'vitest';
import { chordSymbol, chordTones, extendedChord, keyName, parseKey, romanChord, simplifiedChord } from './music-theory';

describe('music theory', () => {
  it('reads roman numerals relative to the key, spelled as a musician writes them', () => {
    const eMinor = parseKey('E minor');
    expect(['i', 'bVII', 'bVI', 'bIII', 'iv'].map((roman) => chordSymbol(romanChord(roman, eMinor), eMinor))).toEqual(['Em', 'D', 'C', 'G', 'Am']);
    const bFlat = parseKey('Bb major');
    expect(['Imaj7', 'vi7', 'ii7', 'V7', 'iv7'].map((roman) => chordSymbol(romanChord(roman, bFlat), bFlat))).toEqual(['Bbmaj7', 'Gm7', 'Cm7', 'F7', 'Ebm7']);
    const aMinor = parseKey('A minor');
    expect(chordSymbol(romanChord('IV7', aMinor), aMinor)).toBe('D7');
    expect(chordSymbol(romanChord('i5', aMinor), aMinor)).toBe('A5');
  });

  it('names keys with ASCII accidentals and parses them back', () => {
    for (const text of ['A minor', 'Eb major', 'C# minor', 'Db major', 'G major']) expect(keyName(parseKey(text))).toBe(text);
    expect(() => parseKey('H major')).toThrow(RangeError);
  });

  it('spells chord tones and colours or simplifies chords', () => {
    expect(chordTones(romanChord('V7', parseKey('C major')))).toEqual([7, 11, 2, 5]);
    const key = parseKey('A minor');
    expect(chordSymbol(extendedChord(romanChord('i7', key)), key)).toBe('Am9');
    expect(chordSymbol(simplifiedChord(romanChord('i7', key)), key)).toBe('Am');
  });
});
