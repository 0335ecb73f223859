import { Link } from 'react-router-dom';
import { WindowedRows } from '../../components/ui/windowed-rows';
import { subscriptionStatusLabel } from '../../lib/api/subscription-status-label';
import type { SubscriptionStatusLabel } from '../../lib/api/subscription-status-label';
import { adminUserAuditPath } from '../../lib/routes/paths';
import type { AdminUser } from '../../../../contract/admin';
import { formatAdminDate } from './admin-date';
import tableStyles from './admin-table.module.css';
import { tableMinWidth } from './table-min-width';
import { useVisibleRows } from './use-visible-rows';

// Must match .row height in admin-table.module.css: windowing counts on one fixed row height.
const ROW_HEIGHT_PX = 44;
const SCROLLER_HEIGHT_PX = 440;
// ID, Status, Subscription Ends, Signed Up, Last Login; the e-mail takes the rest.
const FIXED_COLUMN_WIDTHS_PX = [80, 120, 170, 140, 140] as const;
const [ID_WIDTH, STATUS_WIDTH, ENDS_WIDTH, SIGNED_UP_WIDTH, LAST_LOGIN_WIDTH] = FIXED_COLUMN_WIDTHS_PX;

const badgeClass: Record<SubscriptionStatusLabel, string> = {
  Active: `${tableStyles.badge} ${tableStyles.badgeActive}`,
  Canceled: `${tableStyles.badge} ${tableStyles.badgeCanceled}`,
  'Past Due': `${tableStyles.badge} ${tableStyles.badgePastDue}`,
  Free: tableStyles.badge,
};

export function AllUsersTable({ users }: { users: readonly AdminUser[] }) {
  const { rows, onScroll } = useVisibleRows(users.length, ROW_HEIGHT_PX, SCROLLER_HEIGHT_PX);
  return (
    <div className={tableStyles.scroller} style={{ maxHeight: SCROLLER_HEIGHT_PX }} onScroll={onScroll} data-testid="all-users-table">
      <table className={tableStyles.table} style={{ minWidth: tableMinWidth(FIXED_COLUMN_WIDTHS_PX) }} aria-label="All Users" aria-rowcount={users.length + 1}>
        <colgroup>
          <col style={{ width: ID_WIDTH }} />
          <col />
          <col style={{ width: STATUS_WIDTH }} />
          <col style={{ width: ENDS_WIDTH }} />
          <col style={{ width: SIGNED_UP_WIDTH }} />
          <col style={{ width: LAST_LOGIN_WIDTH }} />
        </colgroup>
        <thead>
          <tr>
            {['ID', 'Email', 'Status', 'Subscription Ends', 'Signed Up', 'Last Login'].map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr className={tableStyles.empty}>
              <td colSpan={6}>No users found</td>
            </tr>
          ) : null}
          <WindowedRows rows={rows}>
            {users.slice(rows.start, rows.end).map((user, offset) => (
              <UserRow key={user.id} user={user} rowIndex={rows.start + offset + 2} />
            ))}
          </WindowedRows>
        </tbody>
      </table>
    </div>
  );
}

function UserRow({ user, rowIndex }: { user: AdminUser; rowIndex: number }) {
  const status = subscriptionStatusLabel(user.subscriptionStatus);
  const lastLogin = formatAdminDate(user.lastLoginAt);
  return (
    <tr className={tableStyles.row} aria-rowindex={rowIndex} data-testid="admin-user-row">
      <td className={tableStyles.number}>{user.id}</td>
      <td title={user.email}>
        <Link className={tableStyles.link} to={adminUserAuditPath(user.id)}>
          {user.email}
        </Link>
      </td>
      <td>
        <span className={badgeClass[status]}>{status}</span>
      </td>
      <td className={tableStyles.number}>{formatAdminDate(user.subscriptionEndsAt) ?? '-'}</td>
      <td className={tableStyles.number}>{formatAdminDate(user.createdAt) ?? '-'}</td>
      <td className={lastLogin ? tableStyles.number : tableStyles.muted}>{lastLogin ?? 'Never'}</td>
    </tr>
  );
}
