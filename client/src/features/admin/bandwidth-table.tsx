import { Link } from 'react-router-dom';
import { SortHeader } from '../../components/ui/sort-header';
import { WindowedRows } from '../../components/ui/windowed-rows';
import { adminUserAuditPath } from '../../lib/routes/paths';
import tableStyles from './admin-table.module.css';
import styles from './bandwidth-table.module.css';
import { formatBytes } from './byte-size';
import { LastActiveCell } from './last-active-cell';
import { lastActiveText } from './last-active-text';
import { tableMinWidth } from './table-min-width';
import type { AdminUsageRow } from '../../../../contract/admin';
import type { UsageSort, UsageSortKey } from './usage-sort';
import { useVisibleRows } from './use-visible-rows';

// Must match .row height in admin-table.module.css: windowing counts on one fixed row height.
const ROW_HEIGHT_PX = 44;
const SCROLLER_HEIGHT_PX = 528;
// Room for the Last Songs tooltip below the first row even when the table holds one user.
const SCROLLER_MIN_HEIGHT_PX = 220;

const columns: { key: UsageSortKey | null; label: string; width?: number; numeric?: boolean }[] = [
  { key: null, label: 'Rank', width: 80 },
  { key: 'email', label: 'Email' },
  { key: 'status', label: 'Status', width: 88 },
  { key: 'lastActive', label: 'Last Active', width: 128 },
  { key: 'usage24h', label: '24h Usage', width: 120, numeric: true },
  { key: 'usage7d', label: '7d Usage', width: 120, numeric: true },
  { key: 'sessions7d', label: '7d Sessions', width: 124, numeric: true },
  { key: 'totalBytesStreamed', label: 'Total Streamed', width: 156, numeric: true },
];

// Every column but the e-mail has a fixed width.
const TABLE_MIN_WIDTH_PX = tableMinWidth(columns.flatMap((column) => (column.width ? [column.width] : [])));

export interface BandwidthTableProps {
  /** Already in the table's order: Rank is the position here. */
  rows: readonly AdminUsageRow[];
  sort: UsageSort;
  onSort(key: UsageSortKey): void;
  now: Date;
}

export function BandwidthTable({ rows, sort, onSort, now }: BandwidthTableProps) {
  const { rows: visible, onScroll } = useVisibleRows(rows.length, ROW_HEIGHT_PX, SCROLLER_HEIGHT_PX);
  return (
    <div
      className={tableStyles.scroller}
      style={{ maxHeight: SCROLLER_HEIGHT_PX, minHeight: SCROLLER_MIN_HEIGHT_PX }}
      onScroll={onScroll}
      data-scroller
      data-testid="bandwidth-table"
    >
      <table className={tableStyles.table} style={{ minWidth: TABLE_MIN_WIDTH_PX }} aria-label="Bandwidth Usage" aria-rowcount={rows.length + 1}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.label} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map(({ key, label, numeric }) => {
              if (key === null) return <th key={label} scope="col">{label}</th>;
              return <SortHeader key={label} column={key} label={label} sort={sort} onSort={onSort} className={numeric ? styles.numericHeader : undefined} />;
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className={tableStyles.empty}>
              <td colSpan={columns.length}>No usage data available</td>
            </tr>
          ) : null}
          <WindowedRows rows={visible}>
            {rows.slice(visible.start, visible.end).map((row, offset) => (
              <UsageRow key={row.id} row={row} rank={visible.start + offset + 1} now={now} />
            ))}
          </WindowedRows>
        </tbody>
      </table>
    </div>
  );
}

function UsageRow({ row, rank, now }: { row: AdminUsageRow; rank: number; now: Date }) {
  return (
    <tr className={tableStyles.row} aria-rowindex={rank + 1} data-testid="usage-row">
      <td className={`${tableStyles.number} ${tableStyles.muted}`}>{rank}</td>
      <td title={row.email}>
        <Link className={tableStyles.link} to={adminUserAuditPath(row.id)}>
          {row.email}
        </Link>
      </td>
      <td>
        <span className={row.isPro ? `${tableStyles.badge} ${tableStyles.badgePro}` : tableStyles.badge}>{row.isPro ? 'Pro' : 'Free'}</span>
      </td>
      {/* Not clipped, so the Last 3 Songs tooltip can leave the cell. */}
      <td className={styles.lastActive}>
        <LastActiveCell userId={row.id} email={row.email} lastActive={row.lastActive} text={lastActiveText(row.lastActive, now)} />
      </td>
      <td className={styles.numeric}>{formatBytes(row.usage24h)}</td>
      <td className={styles.numeric}>{formatBytes(row.usage7d)}</td>
      <td className={styles.numeric}>{row.sessions7d.toLocaleString('en-US')}</td>
      <td className={styles.numeric}>{formatBytes(row.totalBytesStreamed)}</td>
    </tr>
  );
}
