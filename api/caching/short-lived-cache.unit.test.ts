import { describe, expect, it } from 'vitest';
import { ShortLivedCache } from './short-lived-cache';

describe('ShortLivedCache', () => {
  it('keeps a value for its time to live, and not a millisecond longer', () => {
    const cache = new ShortLivedCache<number>(1_000);
    cache.set('a', 1, 5_000);
    expect(cache.get('a', 5_999)).toBe(1);
    expect(cache.get('a', 6_000)).toBeUndefined();
    expect(cache.get('a', 5_500)).toBeUndefined();
  });

  it('drops one key, or every value that matches', () => {
    const cache = new ShortLivedCache<{ userId: number }>(1_000);
    cache.set('t1', { userId: 1 }, 0);
    cache.set('t2', { userId: 1 }, 0);
    cache.set('t3', { userId: 2 }, 0);
    cache.delete('t3');
    expect(cache.get('t3', 1)).toBeUndefined();
    cache.set('t3', { userId: 2 }, 0);
    cache.deleteWhere((value) => value.userId === 1);
    expect([cache.get('t1', 1), cache.get('t2', 1), cache.get('t3', 1)]).toEqual([undefined, undefined, { userId: 2 }]);
  });

  it('starts over empty past its bound, so distinct keys cannot grow it without limit', () => {
    const cache = new ShortLivedCache<number>(1_000, 3);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, 0);
    cache.set('d', 2, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1), cache.get('d', 1)]).toEqual([undefined, undefined, undefined, 2]);
  });
});
