import { describe, expect, it } from 'vitest';
import { type Triad, keyName, parseChordSymbol, parseKey } from './chord-names';
import { decideKey } from './decide-key';

const vote = (key: string, weight = 1) => ({ key: parseKey(key)!, weight });
/** One slot a second per chord symbol. */
function chart(symbols: string[]): { triads: Triad[]; slots: number[] } {
  const triads = symbols.map((symbol) => parseChordSymbol(symbol)!);
  return { triads, slots: symbols.map((_, i) => i).concat(symbols.length) };
}
const decided = (...args: Parameters<typeof decideKey>) => {
  const key = decideKey(...args);
  return key && keyName(key);
};

describe('the key of a song', () => {
  it("takes the profiles' vote when the harmony dwells on its tonic", () => {
    const { triads, slots } = chart(['C', 'F', 'G', 'C', 'Am', 'F', 'G', 'C']);
    expect(decided([vote('C major')], triads, slots, undefined)).toBe('C major');
  });

  it('moves to the relative minor when the harmony dwells and ends on it', () => {
    const { triads, slots } = chart(['Am', 'Dm', 'Am', 'E', 'Am', 'C', 'G', 'Am']);
    expect(decided([vote('C major')], triads, slots, undefined)).toBe('A minor');
  });

  it('moves a fifth up when a blues tonic with its flat seventh reads as the key below', () => {
    // C7's B flat makes the profiles hear F major; the song sits on C, its bass too, and ends there.
    const { triads, slots } = chart(['C', 'C', 'F', 'C', 'G', 'F', 'C', 'C']);
    const bass = Array.from({ length: 12 }, (_, pitch) => (pitch === 0 ? 0.4 : pitch === 5 ? 0.2 : 0.04));
    expect(decided([vote('F major', 3), vote('C major', 2)], triads, slots, bass)).toBe('C major');
  });

  it('lets the profiles break a near tie between a tonic and its dominant', () => {
    // As much D as A, ending on neither: the vote decides.
    const { triads, slots } = chart(['D', 'A', 'Bm', 'F#m', 'G', 'D', 'G', 'A', 'Bm']);
    expect(decided([vote('D major')], triads, slots, undefined)).toBe('D major');
  });

  it('has no key without votes', () => {
    const { triads, slots } = chart(['C', 'G']);
    expect(decideKey([], triads, slots, undefined)).toBeUndefined();
  });
});
