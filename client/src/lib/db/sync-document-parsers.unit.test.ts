import { describe, expect, it } from 'vitest';
import { parsePullPage, parseSyncDocument } from './sync-document-parsers';
import { songDocument } from './testing/song-document';

describe('parsing preset documents from the API', () => {
  const preset = { id: '4', volumes: { 'bass.wav': 0.5 }, mutes: { 'bass.wav': true }, updatedAt: 9, _deleted: false };

  it('keeps tempo and transpose, and reads a document without them (an API from before them) as 1x and 0', () => {
    expect(parseSyncDocument('presets', { ...preset, tempo: 0.7, transpose: 2 })).toEqual({ ...preset, tempo: 0.7, transpose: 2 });
    expect(parseSyncDocument('presets', preset)).toEqual({ ...preset, tempo: 1, transpose: 0 });
    expect(parsePullPage('presets', { documents: [{ ...preset, tempo: 1.5, transpose: -6 }], checkpoint: { position: '7' } }).documents).toEqual([
      { ...preset, tempo: 1.5, transpose: -6 },
    ]);
  });

  it('fails on a tempo or transpose out of the contract’s range, so nothing of it lands locally', () => {
    for (const bad of [{ tempo: 2 }, { tempo: 0.4 }, { transpose: 7 }, { transpose: -7 }, { transpose: 0.5 }, { tempo: '1' }]) {
      expect(() => parseSyncDocument('presets', { ...preset, ...bad }), JSON.stringify(bad)).toThrow();
    }
  });
});

describe('parsing song documents from the API', () => {
  const song = songDocument(7, 'Night Drive');

  it('keeps the first beat, and reads a song without one (an API from before it) as unknown', () => {
    expect(parseSyncDocument('songs', { ...song, firstBeat: 0.5 }).firstBeat).toBe(0.5);
    expect(parseSyncDocument('songs', { ...song, firstBeat: null }).firstBeat).toBeNull();
    expect(parseSyncDocument('songs', song).firstBeat).toBeNull();
  });

  it('fails on a first beat before the song’s start or not a number', () => {
    expect(() => parseSyncDocument('songs', { ...song, firstBeat: -0.1 })).toThrow();
    expect(() => parseSyncDocument('songs', { ...song, firstBeat: '0.5' })).toThrow();
  });
});
