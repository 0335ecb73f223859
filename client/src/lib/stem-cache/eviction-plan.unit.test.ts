import { describe, expect, it } from 'vitest';
import { songsToEvict } from './eviction-plan';

const MB = 1024 ** 2;
const song = (songId: number, lastOpenedAt: number, bytes = 10 * MB) => ({ songId, lastOpenedAt, bytes });

describe('songsToEvict', () => {
  it('keeps everything within the limits', () => {
    expect(songsToEvict([song(1, 10), song(2, 20)], { maxSongs: 2, maxBytes: 20 * MB }, null)).toEqual([]);
  });

  it('drops the songs opened longest ago beyond the song limit', () => {
    const songs = [song(1, 30), song(2, 10), song(3, 40), song(4, 20)];
    expect(songsToEvict(songs, { maxSongs: 2, maxBytes: Infinity }, null).sort()).toEqual([2, 4]);
  });

  it('drops the oldest beyond the byte limit, keeping a small older song that still fits', () => {
    const songs = [song(1, 40, 60 * MB), song(2, 30, 50 * MB), song(3, 20, 30 * MB)];
    expect(songsToEvict(songs, { maxSongs: 10, maxBytes: 100 * MB }, null)).toEqual([2]);
  });

  it('never drops the song being opened, even when it is the oldest or alone over the limit', () => {
    expect(songsToEvict([song(1, 10), song(2, 20), song(3, 30)], { maxSongs: 2, maxBytes: Infinity }, 1)).toEqual([2]);
    expect(songsToEvict([song(1, 10, 900 * MB), song(2, 20)], { maxSongs: 5, maxBytes: 100 * MB }, 1)).toEqual([2]);
  });

  it('breaks equal times by song id, so the plan does not depend on the order read', () => {
    const a = songsToEvict([song(1, 10), song(2, 10)], { maxSongs: 1, maxBytes: Infinity }, null);
    const b = songsToEvict([song(2, 10), song(1, 10)], { maxSongs: 1, maxBytes: Infinity }, null);
    expect(a).toEqual([1]);
    expect(b).toEqual(a);
  });

  it('refuses limits that would keep nothing sensible', () => {
    expect(() => songsToEvict([], { maxSongs: 0, maxBytes: 1 }, null)).toThrow(RangeError);
    expect(() => songsToEvict([], { maxSongs: 1, maxBytes: Number.NaN }, null)).toThrow(RangeError);
  });
});
