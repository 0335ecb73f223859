import type { AdminUsageRow } from '../../../../contract/admin';
import { nextTableSort } from '../../components/ui/table-sort';
import type { TableSort } from '../../components/ui/table-sort';

/** The sortable keys of spec 001, 2.9 (Rank is not one: it is the row's position). */
export type UsageSortKey = 'email' | 'status' | 'lastActive' | 'usage24h' | 'usage7d' | 'sessions7d' | 'totalBytesStreamed';

export type UsageSort = TableSort<UsageSortKey>;

export const defaultUsageSort: UsageSort = { column: 'totalBytesStreamed', direction: 'desc' };

/** A click on a header: the same column toggles asc/desc; a new column starts descending. */
export function nextUsageSort(current: UsageSort, clicked: UsageSortKey): UsageSort {
  return nextTableSort(current, clicked, 'desc');
}

function sortValue(key: UsageSortKey, row: AdminUsageRow): number | string {
  switch (key) {
    case 'email':
      // Case-insensitive (spec); no collator: it costs far more on 10,000 rows.
      return row.email.toLowerCase();
    case 'status':
      // Free < Pro, so descending lists Pro users first.
      return row.isPro ? 1 : 0;
    case 'lastActive': {
      // Never active counts as the oldest: last in descending order, first in ascending.
      const time = row.lastActive === null ? Number.NaN : Date.parse(row.lastActive);
      return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
    }
    case 'usage24h':
    case 'usage7d':
    case 'sessions7d':
    case 'totalBytesStreamed':
      return row[key];
    default: {
      const unknown: never = key;
      throw new Error(`Unknown usage sort key ${String(unknown)}`);
    }
  }
}

/** A sorted copy; each key is read once before sorting (10,000 rows), and ties keep user id order in both directions so Rank never shuffles. */
export function sortUsageRows(rows: readonly AdminUsageRow[], sort: UsageSort): AdminUsageRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(sort.column, row) }));
  keyed.sort((a, b) => sign * (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) || a.row.id - b.row.id);
  return keyed.map(({ row }) => row);
}
