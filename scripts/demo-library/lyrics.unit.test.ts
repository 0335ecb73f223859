import { describe, expect, it } from 'vitest';
import { vowelOf, writeLyrics } from './lyrics';
import { seededRandom } from './seeded-random';

describe('lyrics', () => {
  it('writes verses of four lines and a two-line bridge, the rhyming lines ending on different words', () => {
    const chorus = ['one line', 'two line', 'three line', 'four line'];
    for (const seed of ['a', 'b', 'c', 'd']) {
      const lyrics = writeLyrics(seededRandom(seed), 'sea', chorus, 2);
      expect(lyrics.verses).toHaveLength(2);
      expect(lyrics.chorus).toEqual(chorus);
      expect(lyrics.bridge).toHaveLength(2);
      for (const verse of lyrics.verses) {
        expect(verse).toHaveLength(4);
        for (const line of verse) expect(line.split(' ').length).toBeLessThanOrEqual(7);
        const last = (line: string) => line.split(' ').at(-1);
        expect(last(verse[1]!)).not.toBe(last(verse[3]!));
      }
    }
  });

  it('is the same for the same seed and different for another', () => {
    const write = (seed: string) => writeLyrics(seededRandom(seed), 'city', ['a', 'b', 'c', 'd'], 2);
    expect(write('x')).toEqual(write('x'));
    expect(write('x')).not.toEqual(write('y'));
  });

  it('finds the sung vowel of a word', () => {
    expect(['night', 'sea', 'moon', 'rain', 'road', 'hand', 'run', 'stone'].map(vowelOf)).toEqual(['i', 'i', 'u', 'e', 'o', 'a', 'a', 'o']);
  });
});
