import { describe, expect, it } from 'vitest';
import { implausibleSession, isPlausibleToday } from './practice-session-rules';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('practice session rules', () => {
  it('takes a session that ended by now, on the local date of any time zone at its start', () => {
    expect(implausibleSession({ startedAt: '2026-11-24T11:00:00.000Z', localDate: '2026-11-24', secondsPractised: 3600 }, now)).toBeNull();
    // 23:30 UTC is already the next day in Tokyo, and still the same day in Honolulu.
    expect(implausibleSession({ startedAt: '2026-11-23T23:30:00.000Z', localDate: '2026-11-24', secondsPractised: 60 }, now)).toBeNull();
    expect(implausibleSession({ startedAt: '2026-11-24T09:30:00.000Z', localDate: '2026-11-23', secondsPractised: 60 }, now)).toBeNull();
  });

  it('refuses more practice than time went by, old sessions and impossible dates', () => {
    expect(implausibleSession({ startedAt: '2026-11-24T11:50:00.000Z', localDate: '2026-11-24', secondsPractised: 3600 }, now)).toBe('The session ends in the future.');
    expect(implausibleSession({ startedAt: '2026-10-20T11:00:00.000Z', localDate: '2026-10-20', secondsPractised: 60 }, now)).toBe('The session is more than 30 days old.');
    expect(implausibleSession({ startedAt: '2026-11-24T11:00:00.000Z', localDate: '2026-11-26', secondsPractised: 60 }, now)).toBe('The local date does not match the start time.');
    expect(implausibleSession({ startedAt: '2026-11-24T11:00:00.000Z', localDate: '2026-11-22', secondsPractised: 60 }, now)).toBe('The local date does not match the start time.');
  });

  it('takes today as yesterday, today or tomorrow of UTC, nothing further', () => {
    expect(isPlausibleToday('2026-11-24', now)).toBe(true);
    expect(isPlausibleToday('2026-11-25', new Date('2026-11-24T20:00:00.000Z'))).toBe(true);
    expect(isPlausibleToday('2026-11-23', new Date('2026-11-24T05:00:00.000Z'))).toBe(true);
    expect(isPlausibleToday('2026-11-26', now)).toBe(false);
    expect(isPlausibleToday('2026-11-22', now)).toBe(false);
  });
});
