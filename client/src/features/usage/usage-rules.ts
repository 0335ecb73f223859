import type { UsageStats } from '../../../../contract/usage-stats';

/** Spec 000, section 1: one credit is 10485760 bytes (10 MiB), rounded up. */
export const BYTES_PER_CREDIT = 10_485_760;

const DAY_MS = 86_400_000;

export function creditsForBytes(bytes: number): number {
  return bytes <= 0 ? 0 : Math.ceil(bytes / BYTES_PER_CREDIT);
}

/** `used` of `total` as a percentage in 0..100; an empty total counts as nothing used. */
export function usedPercent(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, (used / total) * 100));
}

export type CreditBarTone = 'red' | 'orange' | 'gradient';

export function creditBarTone(percentUsed: number): CreditBarTone {
  if (percentUsed >= 90) return 'red';
  if (percentUsed >= 75) return 'orange';
  return 'gradient';
}

export const LOW_CREDIT_URGENT = 'Warning: Running low on credits. Upgrade to Pro or purchase more credits.';
export const LOW_CREDIT_NOTICE = 'Using most of your credits. Consider upgrading to Pro for unlimited streaming.';

/** The low-credit warning (free usage at least 75%, or at most 25% of paid credits left; urgent from 90% used), never for Pro users; null otherwise. */
export function lowCreditWarning(stats: Pick<UsageStats, 'totalCredits' | 'freeCredits' | 'paidCredits' | 'hasActiveSubscription'>): string | null {
  if (stats.hasActiveSubscription) return null;
  const { freeCredits, paidCredits, totalCredits } = stats;
  const freeLow = freeCredits.total > 0 && freeCredits.used / freeCredits.total >= 0.75;
  const paidLow = paidCredits.total > 0 && paidCredits.remaining / paidCredits.total <= 0.25;
  if (!freeLow && !paidLow) return null;
  return totalCredits.available > 0 && totalCredits.used / totalCredits.available >= 0.9 ? LOW_CREDIT_URGENT : LOW_CREDIT_NOTICE;
}

/** The first instant (UTC) of the month after the one `periodStart` is in: when free credits reset. */
export function nextCreditReset(periodStart: Date): Date {
  return new Date(Date.UTC(periodStart.getUTCFullYear(), periodStart.getUTCMonth() + 1, 1));
}

/** Whole days from `now` until the free credits reset on the 1st after the billing period's start, never below 0. */
export function daysUntilCreditReset(billingPeriodStart: string, now: Date): number {
  const start = new Date(billingPeriodStart);
  if (Number.isNaN(start.getTime())) return 0;
  return Math.max(0, Math.floor((nextCreditReset(start).getTime() - now.getTime()) / DAY_MS));
}

/** The billing period's start as 'March 1, 2025': a UTC instant, so shown in UTC (never the day before). */
export function formatPeriodStart(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
