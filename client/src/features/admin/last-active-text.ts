import { formatAdminDate } from './admin-date';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_DAYS = 7;

/** The Usage table's Last Active text (spec 001, 2.9): 'Never', 'Just now', 'Nm ago', 'Nh ago', 'Nd ago', then the date from 7 days on. */
export function lastActiveText(lastActive: string | null | undefined, now: Date): string {
  if (lastActive === null || lastActive === undefined || lastActive === '') return 'Never';
  const at = new Date(lastActive);
  if (Number.isNaN(at.getTime())) return 'Never';
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days < WEEK_DAYS) return `${days}d ago`;
  return formatAdminDate(lastActive) ?? 'Never';
}
