import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { subscriptionsTable } from './subscriptions-tables';

/** Spec 000 section 3's subscription status, as GET /api/subscription/status answers it. */
export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  /** 'active', 'past_due' or 'canceled' (the spec's displayed states); null without any subscription. */
  subscriptionStatus: 'active' | 'past_due' | 'canceled' | null;
  billingInterval: 'monthly' | 'yearly' | null;
  /** When access ends or renews: the paid period's end (or when it ended); ISO 8601. */
  subscriptionEndsAt: string | null;
  /** Cancelled, with access until `subscriptionEndsAt`. */
  canceledButActive: boolean;
}

/** The columns a status is made of; `active` is whether its paid period runs at the time asked. */
export interface SubscriptionRow {
  plan: 'monthly' | 'yearly' | null;
  status: 'active' | 'past_due' | 'ended';
  current_period_end: Date | string | null;
  cancel_requested: boolean;
  ended_at: Date | string | null;
  active: boolean;
}

// Access is the paid period running at `now`; an ended subscription has none, whatever its period said.
export const activeAt = (now: string) => `(s.status <> 'ended' AND s.current_period_end > ${now}::timestamptz)`;

/** Whether the user has a subscription whose paid period runs at `now` (Pro: presets, unlimited streaming). */
export async function hasActiveSubscription(sql: SqlExecutor, userId: number, now: Date): Promise<boolean> {
  const { rows } = await sql.query<{ active: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${subscriptionsTable} s WHERE s.user_id = $1 AND ${activeAt('$2')}) AS active`,
    [userId, now.toISOString()],
  );
  return rows[0]?.active === true;
}

/** The status at `now`: of several subscriptions, the active one running longest, else the last changed. */
export async function subscriptionStatusOf(sql: SqlExecutor, userId: number, now: Date): Promise<SubscriptionStatus> {
  const { rows } = await sql.query<SubscriptionRow>(
    `SELECT s.plan, s.status, s.current_period_end, s.cancel_requested, s.ended_at, ${activeAt('$2')} AS active
     FROM ${subscriptionsTable} s WHERE s.user_id = $1
     ORDER BY ${activeAt('$2')} DESC, CASE WHEN ${activeAt('$2')} THEN s.current_period_end END DESC, s.position DESC
     LIMIT 1`,
    [userId, now.toISOString()],
  );
  return subscriptionStatusOfRow(rows[0]);
}

/** The status a user's chosen subscription row (or none) gives; the admin users list maps its rows with it too. */
export function subscriptionStatusOfRow(row: SubscriptionRow | undefined): SubscriptionStatus {
  if (!row) return { hasActiveSubscription: false, subscriptionStatus: null, billingInterval: null, subscriptionEndsAt: null, canceledButActive: false };
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  if (row.status === 'ended') {
    return { hasActiveSubscription: false, subscriptionStatus: 'canceled', billingInterval: row.plan, subscriptionEndsAt: iso(row.ended_at), canceledButActive: false };
  }
  // A period that ran out without a renewal: cancelled at its end, or its payment is still missing.
  const lapsed = row.cancel_requested ? 'canceled' : 'past_due';
  return {
    hasActiveSubscription: row.active,
    subscriptionStatus: row.active ? (row.status === 'past_due' ? 'past_due' : 'active') : lapsed,
    billingInterval: row.plan,
    subscriptionEndsAt: iso(row.current_period_end),
    canceledButActive: row.active && row.cancel_requested,
  };
}

/** A subscription whose paid period runs, as the payment provider names it. */
export interface ActiveSubscription {
  provider: 'stripe' | 'test-checkout';
  providerSubscriptionId: string;
  currentPeriodEnd: string;
  cancelRequested: boolean;
}

/** The user's active subscription that runs longest (what a cancel acts on); undefined without one. */
export async function activeSubscriptionOf(sql: SqlExecutor, userId: number, now: Date): Promise<ActiveSubscription | undefined> {
  const { rows } = await sql.query<{ provider: ActiveSubscription['provider']; provider_subscription_id: string; current_period_end: Date | string; cancel_requested: boolean }>(
    `SELECT s.provider, s.provider_subscription_id, s.current_period_end, s.cancel_requested
     FROM ${subscriptionsTable} s WHERE s.user_id = $1 AND ${activeAt('$2')}
     ORDER BY s.current_period_end DESC, s.position DESC LIMIT 1`,
    [userId, now.toISOString()],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    provider: row.provider,
    providerSubscriptionId: row.provider_subscription_id,
    currentPeriodEnd: new Date(row.current_period_end).toISOString(),
    cancelRequested: row.cancel_requested,
  };
}
