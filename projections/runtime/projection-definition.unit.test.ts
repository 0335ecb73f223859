import { describe, expect, it } from 'vitest';
import { defineProjection } from './projection-definition';

describe('defineProjection', () => {
  const base = { name: 'definition-test', version: 1, eventTypes: ['StemStreamed'], tables: ['t'], migration: () => '', fold: () => undefined, apply: async () => undefined } as const;

  it.each([0, -1, 1.5, Number.POSITIVE_INFINITY, Number.NaN])('refuses eventsPerWrite %s', (eventsPerWrite) => {
    expect(() => defineProjection({ ...base, eventsPerWrite })).toThrow('definition-test: eventsPerWrite must be a positive integer');
  });

  it('keeps a positive eventsPerWrite, and leaves it out when not declared', () => {
    expect(defineProjection({ ...base, eventsPerWrite: 500_000 }).eventsPerWrite).toBe(500_000);
    expect(defineProjection(base).eventsPerWrite).toBeUndefined();
  });
});
