import { describe, expect, it } from 'vitest';
import { DISMISSAL_QUIET_MS, DISMISSED_AT_KEY, isQuietAfterDismissal, readDismissedAt, recordDismissal } from './install-prompt-schedule';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const dismissedAt = Date.UTC(2026, 0, 10, 12, 0, 0);

describe('install prompt schedule (spec 001, 4 and 9)', () => {
  it('stays quiet for 7 days after a dismissal, and only then', () => {
    expect(DISMISSAL_QUIET_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(isQuietAfterDismissal(dismissedAt, dismissedAt)).toBe(true);
    expect(isQuietAfterDismissal(dismissedAt, dismissedAt + DISMISSAL_QUIET_MS - 1)).toBe(true);
    expect(isQuietAfterDismissal(dismissedAt, dismissedAt + DISMISSAL_QUIET_MS)).toBe(false);
    expect(isQuietAfterDismissal(undefined, dismissedAt)).toBe(false);
  });

  it('stores the dismissal time in its one local-storage item and reads it back', () => {
    const storage = memoryStorage();
    recordDismissal(storage, dismissedAt);
    expect([...storage.items.keys()]).toEqual([DISMISSED_AT_KEY]);
    expect(readDismissedAt(storage)).toBe(dismissedAt);
  });

  it('ignores a stored item that is not a time', () => {
    for (const junk of ['', 'yesterday', '-5', '1e12', '12.5']) {
      expect(readDismissedAt(memoryStorage({ [DISMISSED_AT_KEY]: junk })), junk).toBeUndefined();
    }
  });

  it('survives a storage that refuses writes', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => recordDismissal(refusing, dismissedAt)).not.toThrow();
  });
});
