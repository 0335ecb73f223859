import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatAdminDateTime } from './admin-date';

describe('admin date (MMM dd, yyyy)', () => {
  it('writes the short month, a two-digit day and the year', () => {
    expect(formatAdminDate('2025-03-05T10:00:00.000Z')).toBe('Mar 05, 2025');
    expect(formatAdminDate('2024-12-31T00:00:00.000Z')).toBe('Dec 31, 2024');
    expect(formatAdminDate('2026-01-10T12:00:00Z')).toBe('Jan 10, 2026');
  });

  it('reads the day in UTC, whatever the time of day', () => {
    expect(formatAdminDate('2025-07-01T23:59:59.999Z')).toBe('Jul 01, 2025');
    expect(formatAdminDate('2025-07-02T00:30:00+02:00')).toBe('Jul 01, 2025');
  });

  it('gives null for a missing or unreadable value', () => {
    expect(formatAdminDate(null)).toBeNull();
    expect(formatAdminDate(undefined)).toBeNull();
    expect(formatAdminDate('')).toBeNull();
    expect(formatAdminDate('not a date')).toBeNull();
  });
});

describe('admin date and time (audit)', () => {
  it('adds the UTC time of day with seconds', () => {
    expect(formatAdminDateTime('2025-03-05T09:04:07.123Z')).toBe('Mar 05, 2025 09:04:07 UTC');
    expect(formatAdminDateTime('2025-03-05T23:59:59Z')).toBe('Mar 05, 2025 23:59:59 UTC');
    expect(formatAdminDateTime(null)).toBeNull();
    expect(formatAdminDateTime('nope')).toBeNull();
  });
});
