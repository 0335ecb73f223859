import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { subscriptionSpansTable } from './subscription-churn-tables';

/** The days the churn rate looks back over. */
export const churnWindowDays = 30;

/** The churn of one window: subscriptions with access at its start, and how many of them have none at its end. */
export interface ChurnFigures {
  activeAtStart: number;
  churned: number;
  /** `churned / activeAtStart` in percent; 0 when none was active at the start. */
  ratePercent: number;
}

// A subscription has access at `t` when its first period had begun, a paid period still runs and it had not ended.
const accessAt = (t: string) => `(started_at <= ${t} AND paid_until > ${t} AND (ended_at IS NULL OR ended_at > ${t}))`;

/**
 * Of the subscriptions with access `churnWindowDays` before `now`, the share without access now.
 * Subscriptions started inside the window count in neither number.
 */
export async function churnAt(sql: SqlExecutor, now: Date): Promise<ChurnFigures> {
  const start = new Date(now.getTime() - churnWindowDays * 86_400_000);
  const { rows } = await sql.query<{ active_at_start: string | number; churned: string | number }>(
    `SELECT count(*) FILTER (WHERE ${accessAt('$1::timestamptz')}) AS active_at_start,
            count(*) FILTER (WHERE ${accessAt('$1::timestamptz')} AND NOT ${accessAt('$2::timestamptz')}) AS churned
     FROM ${subscriptionSpansTable}`,
    [start.toISOString(), now.toISOString()],
  );
  const activeAtStart = Number(rows[0]?.active_at_start ?? 0);
  const churned = Number(rows[0]?.churned ?? 0);
  return { activeAtStart, churned, ratePercent: activeAtStart === 0 ? 0 : (churned / activeAtStart) * 100 };
}
