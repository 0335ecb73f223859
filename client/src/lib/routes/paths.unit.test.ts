import { describe, expect, it } from 'vitest';
import { paths, playerPath, SONG_ID_PARAM } from './paths';

describe('app paths', () => {
  it('builds the player link of a song', () => {
    expect(playerPath(42)).toBe('/player?songId=42');
    expect(new URL(playerPath(7), 'http://x').searchParams.get(SONG_ID_PARAM)).toBe('7');
  });

  it('holds each path once, absolute and without a trailing slash', () => {
    const all = Object.values(paths);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path === '/' || /^\/[a-z0-9/-]+[a-z0-9]$/.test(path)).toBe(true);
  });
});
