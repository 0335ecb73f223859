import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { type SubscriptionRow, type SubscriptionStatus, activeAt, subscriptionStatusOfRow } from './subscriptions-queries';
import { subscriptionsTable } from './subscriptions-tables';

/** Subscriptions whose paid period runs at the time asked, by plan (for the admin overview's MRR). */
export interface ActiveSubscriptionCounts {
  monthly: number;
  yearly: number;
}

export async function activeSubscriptionCounts(sql: SqlExecutor, now: Date): Promise<ActiveSubscriptionCounts> {
  const { rows } = await sql.query<{ monthly: string | number; yearly: string | number }>(
    `SELECT count(*) FILTER (WHERE s.plan = 'monthly') AS monthly, count(*) FILTER (WHERE s.plan = 'yearly') AS yearly
     FROM ${subscriptionsTable} s WHERE ${activeAt('$1')}`,
    [now.toISOString()],
  );
  return { monthly: Number(rows[0]?.monthly ?? 0), yearly: Number(rows[0]?.yearly ?? 0) };
}

/** Every user's `subscriptionStatusOf` at `now` in one query; users without a subscription are absent. */
export async function subscriptionStatusesAt(sql: SqlExecutor, now: Date): Promise<Map<number, SubscriptionStatus>> {
  const { rows } = await sql.query<SubscriptionRow & { user_id: number }>(
    `SELECT DISTINCT ON (s.user_id) s.user_id, s.plan, s.status, s.current_period_end, s.cancel_requested, s.ended_at, ${activeAt('$1')} AS active
     FROM ${subscriptionsTable} s
     ORDER BY s.user_id, ${activeAt('$1')} DESC, CASE WHEN ${activeAt('$1')} THEN s.current_period_end END DESC, s.position DESC`,
    [now.toISOString()],
  );
  return new Map(rows.map((row) => [Number(row.user_id), subscriptionStatusOfRow(row)]));
}
