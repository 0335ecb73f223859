import { assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { type CreditAccount, type CreditMonth, type LedgerEntry, applyLedgerEntry, emptyAccount, emptyMonth } from './credit-ledger';
import { billingMonthKey } from './credit-rules';
import { creditAccountsTable, creditMonthsTable, creditsMigration } from './credits-tables';

/** A batch's ledger entries per user, in log order. */
export type CreditsChanges = Map<number, LedgerEntry[]>;

interface AccountRow {
  user_id: number;
  paid_balance: number;
  paid_spent: number;
  overdrawn_credits: number;
  bytes_streamed: string | number;
  subscriptions: CreditAccount['subscriptions'];
  position: string;
}

interface MonthRow {
  user_id: number;
  month: string;
  bytes_streamed: string | number;
  bytes_metered: string | number;
  credits_used: number;
  paid_used: number;
}

/**
 * Credits per user (spec 000 sections 1, 3 and 9): monthly streams in credits, free and pack credits
 * used and left. Credits are not additive (a month rounds up once, a refund takes back only what is
 * left), so `fold` keeps each user's entries in log order and `apply` runs them through the ledger.
 */
export const credits = defineProjection({
  name: 'credits',
  version: 1,
  eventTypes: [
    'StemStreamed',
    'CreditsPurchased',
    'CreditsRefunded',
    'CreditsAdjusted',
    'SubscriptionStarted',
    'SubscriptionRenewed',
    'SubscriptionCancellationRequested',
    'SubscriptionPastDue',
    'SubscriptionEnded',
  ],
  // The log's bulk; the other types are few and read whole.
  reads: { StemStreamed: { data: ['userId', 'bytesSent', 'startedAt'], metadata: ['occurredAt'] } },
  tables: [creditAccountsTable, creditMonthsTable],
  migration: creditsMigration,

  fold(events, changes: CreditsChanges = new Map()) {
    for (const event of events) {
      const position = event.position;
      let entry: LedgerEntry | undefined;
      switch (event.type) {
        case 'StemStreamed': {
          const startedAt = event.data.startedAt ?? event.metadata.occurredAt;
          entry = { kind: 'streamed', month: billingMonthKey(startedAt), startedAt, bytes: event.data.bytesSent, position };
          break;
        }
        case 'CreditsPurchased':
          entry = { kind: 'paid-credits-added', credits: event.data.credits, position };
          break;
        case 'CreditsRefunded':
          entry = { kind: 'paid-credits-revoked', credits: event.data.credits, position };
          break;
        case 'CreditsAdjusted':
          entry =
            event.data.credits > 0
              ? { kind: 'paid-credits-added', credits: event.data.credits, position }
              : { kind: 'paid-credits-revoked', credits: -event.data.credits, position };
          break;
        case 'SubscriptionStarted':
        case 'SubscriptionRenewed':
          entry = { kind: 'subscription-changed', subscription: subscriptionKey(event.data), periodEnd: event.data.currentPeriodEnd, position };
          break;
        case 'SubscriptionEnded':
          entry = { kind: 'subscription-changed', subscription: subscriptionKey(event.data), endedAt: event.data.endedAt, position };
          break;
        case 'SubscriptionCancellationRequested':
        case 'SubscriptionPastDue':
          // Access still runs to the paid period's end: nothing changes for credits.
          break;
        default:
          assertNever(event);
      }
      if (!entry) continue;
      const entries = changes.get(event.data.userId);
      if (entries) entries.push(entry);
      else changes.set(event.data.userId, [entry]);
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: CreditsChanges, tables) {
    if (changes.size === 0) return;
    const accountsTable = tables[creditAccountsTable];
    const monthsTable = tables[creditMonthsTable];
    const userIds = [...changes.keys()];
    const monthUsers: number[] = [];
    const monthKeys: string[] = [];
    for (const [userId, entries] of changes) {
      for (const month of new Set(entries.flatMap((entry) => (entry.kind === 'streamed' ? [entry.month] : [])))) {
        monthUsers.push(userId);
        monthKeys.push(month);
      }
    }

    const accounts = new Map<number, CreditAccount>();
    const { rows: accountRows } = await tx.query<AccountRow>(
      `SELECT user_id, paid_balance, paid_spent, overdrawn_credits, bytes_streamed, subscriptions, position FROM ${accountsTable} WHERE user_id = ANY($1::integer[])`,
      [userIds],
    );
    for (const row of accountRows) {
      accounts.set(row.user_id, {
        paidBalance: row.paid_balance,
        paidSpent: row.paid_spent,
        overdrawnCredits: row.overdrawn_credits,
        bytesStreamed: Number(row.bytes_streamed),
        subscriptions: row.subscriptions,
        position: row.position,
      });
    }
    const months = new Map<string, CreditMonth>();
    if (monthUsers.length > 0) {
      const { rows: monthRows } = await tx.query<MonthRow>(
        `SELECT m.user_id, to_char(m.month, 'YYYY-MM-DD') AS month, m.bytes_streamed, m.bytes_metered, m.credits_used, m.paid_used
         FROM ${monthsTable} m JOIN unnest($1::integer[], $2::date[]) AS wanted(user_id, month) USING (user_id, month)`,
        [monthUsers, monthKeys],
      );
      for (const row of monthRows) {
        months.set(`${row.user_id}:${row.month}`, {
          bytesStreamed: Number(row.bytes_streamed),
          bytesMetered: Number(row.bytes_metered),
          creditsUsed: row.credits_used,
          paidUsed: row.paid_used,
        });
      }
    }

    for (const [userId, entries] of changes) {
      let account = accounts.get(userId);
      if (!account) {
        account = emptyAccount();
        accounts.set(userId, account);
      }
      for (const entry of entries) {
        let month: CreditMonth | undefined;
        if (entry.kind === 'streamed') {
          const key = `${userId}:${entry.month}`;
          month = months.get(key);
          if (!month) {
            month = emptyMonth();
            months.set(key, month);
          }
        }
        applyLedgerEntry(account, entry, month);
      }
    }

    await tx.query(
      `INSERT INTO ${accountsTable} AS a (user_id, paid_balance, paid_spent, overdrawn_credits, bytes_streamed, subscriptions, position)
       SELECT user_id, paid_balance, paid_spent, overdrawn_credits, bytes_streamed, subscriptions, position
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id integer, paid_balance integer, paid_spent integer, overdrawn_credits integer, bytes_streamed bigint, subscriptions jsonb, position text)
       ON CONFLICT (user_id) DO UPDATE SET
         paid_balance = excluded.paid_balance, paid_spent = excluded.paid_spent, overdrawn_credits = excluded.overdrawn_credits,
         bytes_streamed = excluded.bytes_streamed, subscriptions = excluded.subscriptions, position = excluded.position`,
      [
        JSON.stringify(
          [...accounts].map(([userId, account]) => ({
            user_id: userId,
            paid_balance: account.paidBalance,
            paid_spent: account.paidSpent,
            overdrawn_credits: account.overdrawnCredits,
            bytes_streamed: account.bytesStreamed,
            subscriptions: account.subscriptions,
            position: account.position,
          })),
        ),
      ],
    );
    if (months.size === 0) return;
    await tx.query(
      `INSERT INTO ${monthsTable} AS m (user_id, month, bytes_streamed, bytes_metered, credits_used, paid_used)
       SELECT user_id, month, bytes_streamed, bytes_metered, credits_used, paid_used
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id integer, month date, bytes_streamed bigint, bytes_metered bigint, credits_used integer, paid_used integer)
       ON CONFLICT (user_id, month) DO UPDATE SET
         bytes_streamed = excluded.bytes_streamed, bytes_metered = excluded.bytes_metered,
         credits_used = excluded.credits_used, paid_used = excluded.paid_used`,
      [
        JSON.stringify(
          [...months].map(([key, month]) => {
            const [userId, monthKey] = key.split(':') as [string, string];
            return {
              user_id: Number(userId),
              month: monthKey,
              bytes_streamed: month.bytesStreamed,
              bytes_metered: month.bytesMetered,
              credits_used: month.creditsUsed,
              paid_used: month.paidUsed,
            };
          }),
        ),
      ],
    );
  },
});

function subscriptionKey(data: { provider: string; providerSubscriptionId: string }): string {
  return `${data.provider}:${data.providerSubscriptionId}`;
}
