import { describe, expect, it } from 'vitest';
import { emptySongMetadata, parseSongJson } from './song-json';

describe('parseSongJson', () => {
  it('reads every documented field', () => {
    const source = JSON.stringify({ title: 'Concrete Almanac', genre: 'Hip-Hop', genre2: 'Rap', key: 'C minor', bpm: 88, difficulty: 4 });
    expect(parseSongJson(source)).toEqual({
      metadata: { title: 'Concrete Almanac', genre: 'Hip-Hop', genre2: 'Rap', key: 'C minor', bpm: 88, difficulty: 4 },
      problems: [],
    });
  });

  it('drops each bad value on its own and reports it; the good ones count', () => {
    const source = JSON.stringify({ title: '  Kept  ', bpm: 'fast', difficulty: 11, key: 'H major', genre: '', genre2: null, extra: true });
    expect(parseSongJson(source)).toEqual({
      metadata: { ...emptySongMetadata, title: 'Kept' },
      problems: [
        'genre: must not be empty',
        'key: must be a tonic and major or minor, like "A minor" or "Eb major"',
        'bpm: must be a positive number',
        'difficulty: must be a whole number from 1 to 10',
      ],
    });
    expect(parseSongJson('{"bpm": -1, "difficulty": 2.5}').problems).toEqual([
      'bpm: must be a positive number',
      'difficulty: must be a whole number from 1 to 10',
    ]);
  });

  it('reports JSON that does not parse or is not an object, with no metadata', () => {
    expect(parseSongJson('{"title": ').metadata).toEqual(emptySongMetadata);
    expect(parseSongJson('{"title": ').problems[0]).toMatch(/^not valid JSON/);
    expect(parseSongJson('[1, 2]')).toEqual({ metadata: emptySongMetadata, problems: ['must be a JSON object'] });
    expect(parseSongJson('{}')).toEqual({ metadata: emptySongMetadata, problems: [] });
  });
});
