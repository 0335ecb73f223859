import type { SubscriptionStatus } from '../../../../contract/subscription-status';
import { subscriptionStatusLabel } from '../../lib/api/subscription-status-label';

export type MembershipView =
  | { kind: 'none' }
  | {
      kind: 'active';
      statusLabel: string;
      planLabel: string;
      /** 'Renews On' while it renews, 'Access Until' once it will not. */
      dateLabel: 'Renews On' | 'Access Until';
      endsAt: string | null;
      /** Only for an 'active' subscription not already cancelled. */
      canCancel: boolean;
      /** Cancelled but running to the period's end: the yellow notice. */
      canceledButActive: boolean;
    };

export function billingPlanLabel(interval: string | null | undefined): string {
  return interval === 'yearly' ? 'Yearly $160/year' : 'Monthly $15/month';
}

export function membershipView(status: SubscriptionStatus | undefined): MembershipView {
  if (status?.hasActiveSubscription !== true) return { kind: 'none' };
  const canceledButActive = status.canceledButActive === true;
  const renews = status.subscriptionStatus === 'active' && !canceledButActive;
  return {
    kind: 'active',
    statusLabel: subscriptionStatusLabel(status.subscriptionStatus),
    planLabel: billingPlanLabel(status.billingInterval),
    dateLabel: renews ? 'Renews On' : 'Access Until',
    endsAt: status.subscriptionEndsAt ?? null,
    canCancel: renews,
    canceledButActive,
  };
}

/** A subscription date as 'March 5, 2026' (in `timeZone`, the browser's by default); '—' when unknown. */
export function formatMembershipDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone !== undefined && { timeZone }) });
}
