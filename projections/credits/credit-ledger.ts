import { creditsForBytes, freeCreditsPerMonth } from './credit-rules';

/** A subscription's access as far as the log has told: a paid period's end and, once over, when it ended. */
export interface SubscriptionAccess {
  /** ISO instant: the end of the last period paid for. */
  periodEnd: string | null;
  /** ISO instant the subscription ended (final), or null. */
  endedAt: string | null;
}

/** One user's account row, in memory. */
export interface CreditAccount {
  paidBalance: number;
  paidSpent: number;
  overdrawnCredits: number;
  bytesStreamed: number;
  subscriptions: Record<string, SubscriptionAccess>;
  position: string;
}

/** One user's month row, in memory. */
export interface CreditMonth {
  bytesStreamed: number;
  bytesMetered: number;
  creditsUsed: number;
  paidUsed: number;
}

/** What one event does to a user's credits, in log order. */
export type LedgerEntry =
  | { kind: 'streamed'; month: string; startedAt: string; bytes: number; position: string }
  | { kind: 'paid-credits-added'; credits: number; position: string }
  | { kind: 'paid-credits-revoked'; credits: number; position: string }
  | { kind: 'subscription-changed'; subscription: string; periodEnd?: string; endedAt?: string; position: string };

export function emptyAccount(): CreditAccount {
  return { paidBalance: 0, paidSpent: 0, overdrawnCredits: 0, bytesStreamed: 0, subscriptions: {}, position: '' };
}

export function emptyMonth(): CreditMonth {
  return { bytesStreamed: 0, bytesMetered: 0, creditsUsed: 0, paidUsed: 0 };
}

/** Whether a subscription gave access at `at`: its paid period runs and it had not ended. */
export function hadProAt(subscriptions: Readonly<Record<string, SubscriptionAccess>>, at: string): boolean {
  const instant = Date.parse(at);
  return Object.values(subscriptions).some(
    (access) => access.periodEnd !== null && Date.parse(access.periodEnd) > instant && (access.endedAt === null || Date.parse(access.endedAt) > instant),
  );
}

/**
 * Apply one entry to an account and, for a stream, its month. A month's credits are its metered bytes
 * rounded up once; each new credit comes from free credits, then packs, then counts as overdrawn.
 * Order matters (a refund takes back only what is left).
 */
export function applyLedgerEntry(account: CreditAccount, entry: LedgerEntry, month: CreditMonth | undefined): void {
  account.position = entry.position;
  switch (entry.kind) {
    case 'streamed': {
      if (!month) throw new Error(`No month row for a stream billed to ${entry.month}`);
      account.bytesStreamed += entry.bytes;
      month.bytesStreamed += entry.bytes;
      if (hadProAt(account.subscriptions, entry.startedAt)) return;
      const before = month.creditsUsed;
      month.bytesMetered += entry.bytes;
      const after = creditsForBytes(month.bytesMetered);
      month.creditsUsed = after;
      const fromFree = Math.min(after, freeCreditsPerMonth) - Math.min(before, freeCreditsPerMonth);
      const beyondFree = after - before - fromFree;
      const fromPaid = Math.min(beyondFree, account.paidBalance);
      account.paidBalance -= fromPaid;
      account.paidSpent += fromPaid;
      month.paidUsed += fromPaid;
      account.overdrawnCredits += beyondFree - fromPaid;
      return;
    }
    case 'paid-credits-added':
      account.paidBalance += entry.credits;
      return;
    case 'paid-credits-revoked':
      account.paidBalance -= Math.min(entry.credits, account.paidBalance);
      return;
    case 'subscription-changed': {
      const access = account.subscriptions[entry.subscription] ?? { periodEnd: null, endedAt: null };
      if (entry.periodEnd !== undefined) access.periodEnd = entry.periodEnd;
      // Ended is final: a later delivery of the first end keeps the earlier instant.
      if (entry.endedAt !== undefined && access.endedAt === null) access.endedAt = entry.endedAt;
      account.subscriptions[entry.subscription] = access;
      return;
    }
    default: {
      const unknown: never = entry;
      throw new Error(`Unhandled ledger entry ${JSON.stringify(unknown)}`);
    }
  }
}
