import { describe, expect, it } from 'vitest';
import type { AdminUsageRow } from '../../../../contract/admin';
import { defaultUsageSort, nextUsageSort, sortUsageRows } from './usage-sort';

function row(id: number, fields: Partial<AdminUsageRow> = {}): AdminUsageRow {
  return { id, email: `user${id}@example.com`, isPro: false, lastActive: null, usage24h: 0, usage7d: 0, sessions7d: 0, totalBytesStreamed: 0, ...fields };
}

const ids = (rows: AdminUsageRow[]) => rows.map((r) => r.id);

describe('usage sort: header clicks', () => {
  it('starts on Total Streamed, descending', () => {
    expect(defaultUsageSort).toEqual({ column: 'totalBytesStreamed', direction: 'desc' });
  });

  it('toggles the same column and starts a new column descending', () => {
    expect(nextUsageSort(defaultUsageSort, 'totalBytesStreamed')).toEqual({ column: 'totalBytesStreamed', direction: 'asc' });
    expect(nextUsageSort({ column: 'totalBytesStreamed', direction: 'asc' }, 'totalBytesStreamed')).toEqual({ column: 'totalBytesStreamed', direction: 'desc' });
    expect(nextUsageSort({ column: 'totalBytesStreamed', direction: 'asc' }, 'email')).toEqual({ column: 'email', direction: 'desc' });
    expect(nextUsageSort({ column: 'email', direction: 'desc' }, 'email')).toEqual({ column: 'email', direction: 'asc' });
  });
});

describe('usage sort: order', () => {
  const rows = [
    row(1, { email: 'bob@example.com', totalBytesStreamed: 50, usage24h: 5, usage7d: 30, sessions7d: 2, lastActive: '2025-06-01T00:00:00Z' }),
    row(2, { email: 'Alice@example.com', totalBytesStreamed: 300, usage24h: 0, usage7d: 10, sessions7d: 9, isPro: true, lastActive: '2025-06-10T00:00:00Z' }),
    row(3, { email: 'carol@example.com', totalBytesStreamed: 100, usage24h: 20, usage7d: 20, sessions7d: 1 }),
  ];

  it('orders by Total Streamed by default, largest first', () => {
    expect(ids(sortUsageRows(rows, defaultUsageSort))).toEqual([2, 3, 1]);
  });

  it('orders every numeric key both ways', () => {
    expect(ids(sortUsageRows(rows, { column: 'usage24h', direction: 'desc' }))).toEqual([3, 1, 2]);
    expect(ids(sortUsageRows(rows, { column: 'usage7d', direction: 'asc' }))).toEqual([2, 3, 1]);
    expect(ids(sortUsageRows(rows, { column: 'sessions7d', direction: 'desc' }))).toEqual([2, 1, 3]);
    expect(ids(sortUsageRows(rows, { column: 'totalBytesStreamed', direction: 'asc' }))).toEqual([1, 3, 2]);
  });

  it('orders e-mail addresses case-insensitively', () => {
    expect(ids(sortUsageRows(rows, { column: 'email', direction: 'asc' }))).toEqual([2, 1, 3]);
    expect(ids(sortUsageRows(rows, { column: 'email', direction: 'desc' }))).toEqual([3, 1, 2]);
    const mixed = [row(1, { email: 'b@x.com' }), row(2, { email: 'A@x.com' }), row(3, { email: 'a@x.com' }), row(4, { email: 'B@x.com' })];
    // Equal ignoring case: a tie, kept by id.
    expect(ids(sortUsageRows(mixed, { column: 'email', direction: 'asc' }))).toEqual([2, 3, 1, 4]);
  });

  it('puts Pro first when status is descending, Free first ascending', () => {
    expect(ids(sortUsageRows(rows, { column: 'status', direction: 'desc' }))).toEqual([2, 1, 3]);
    expect(ids(sortUsageRows(rows, { column: 'status', direction: 'asc' }))).toEqual([1, 3, 2]);
  });

  it('orders Last Active by time, never-active users as the oldest', () => {
    expect(ids(sortUsageRows(rows, { column: 'lastActive', direction: 'desc' }))).toEqual([2, 1, 3]);
    expect(ids(sortUsageRows(rows, { column: 'lastActive', direction: 'asc' }))).toEqual([3, 1, 2]);
    const never = [row(5), row(4), row(6, { lastActive: '2025-01-01T00:00:00Z' })];
    expect(ids(sortUsageRows(never, { column: 'lastActive', direction: 'desc' }))).toEqual([6, 4, 5]);
  });

  it('keeps ties in user-id order in both directions, and leaves the input alone', () => {
    const ties = [row(3), row(1), row(2)];
    expect(ids(sortUsageRows(ties, { column: 'totalBytesStreamed', direction: 'desc' }))).toEqual([1, 2, 3]);
    expect(ids(sortUsageRows(ties, { column: 'totalBytesStreamed', direction: 'asc' }))).toEqual([1, 2, 3]);
    expect(ids(ties)).toEqual([3, 1, 2]);
  });

  it('sorts 10,000 rows into a consistent order', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => row(i + 1, { totalBytesStreamed: (i * 7919) % 10_007, email: `U${(i * 31) % 997}@x.com` }));
    const sorted = sortUsageRows(many, defaultUsageSort);
    expect(sorted).toHaveLength(10_000);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]!.totalBytesStreamed).toBeGreaterThanOrEqual(sorted[i]!.totalBytesStreamed);
    const byEmail = sortUsageRows(many, { column: 'email', direction: 'asc' });
    for (let i = 1; i < byEmail.length; i++) {
      expect(byEmail[i - 1]!.email.toLowerCase() <= byEmail[i]!.email.toLowerCase()).toBe(true);
    }
  });
});
