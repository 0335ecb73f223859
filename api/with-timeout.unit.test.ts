import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkTimeout, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up on work that never settles with a WorkTimeout naming the wait', async () => {
    const never = new Promise<never>(() => undefined);
    const waited = withTimeout(never, 60_000);
    const outcome = expect(waited).rejects.toEqual(new WorkTimeout(60_000));
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
    await expect(waited).rejects.toThrow('no answer within 60000 ms');
  });

  it('passes on the result and the failure of work that settles in time, leaving no timer behind', async () => {
    await expect(withTimeout(Promise.resolve('read'), 1_000)).resolves.toBe('read');
    await expect(withTimeout(Promise.reject(new Error('EACCES')), 1_000)).rejects.toThrow('EACCES');
    expect(vi.getTimerCount()).toBe(0);
  });
});
