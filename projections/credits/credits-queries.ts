import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { billingMonthKey, bytesPerCredit, creditsForBytes, freeCreditsPerMonth } from './credit-rules';
import { creditAccountsTable, creditMonthsTable } from './credits-tables';

/** A user's credits as the read model has them for one billing month. */
export interface CreditSnapshot {
  /** Pack credits left. */
  paidBalance: number;
  /** Pack credits streamed away, every month together. */
  paidSpent: number;
  /** Credits streamed with nothing left to take them from (0 while enforcement holds). */
  overdrawnCredits: number;
  /** Every byte ever billed to the user, Pro streams included. */
  lifetimeBytes: number;
  /** Log position of the last event folded for the user ('' for none). */
  position: string;
  /** Bytes left this month without Pro: free and pack credits, plus the rest of the credit already started. */
  bytesLeft: number;
  month: {
    /** `YYYY-MM-01` */
    key: string;
    bytesStreamed: number;
    bytesMetered: number;
    creditsUsed: number;
    paidUsed: number;
  };
}

/** The columns of `creditSnapshotSql`, as `creditSnapshotOfRow` reads them. */
export interface SnapshotRow {
  paid_balance: number | null;
  paid_spent: number | null;
  overdrawn_credits: number | null;
  lifetime_bytes: string | number | null;
  position: string | null;
  month_bytes_streamed: string | number | null;
  month_bytes_metered: string | number | null;
  credits_used: number | null;
  paid_used: number | null;
  bytes_left: string | number;
}

// What a user without Pro may still stream, written only here in SQL: the credit gate and the
// reservation function both read it. At most (200 + pack credits) x 10 MiB: bigint.
const bytesLeftSql = `(greatest(0, ${freeCreditsPerMonth} - coalesce(m.credits_used, 0)) + coalesce(a.paid_balance, 0))::bigint * ${bytesPerCredit}
              + greatest(0, coalesce(m.credits_used, 0)::bigint * ${bytesPerCredit} - coalesce(m.bytes_metered, 0)) AS bytes_left`;

/** A one-row subquery of user `userParam`'s snapshot for billing month `monthParam`, for the credit gate. */
export function creditSnapshotSql(userParam: string, monthParam: string): string {
  return `SELECT a.paid_balance, a.paid_spent, a.overdrawn_credits, a.bytes_streamed AS lifetime_bytes, a.position,
            m.bytes_streamed AS month_bytes_streamed, m.bytes_metered AS month_bytes_metered, m.credits_used, m.paid_used,
            ${bytesLeftSql}
     FROM (SELECT ${userParam}::integer AS user_id) u
     LEFT JOIN ${creditAccountsTable} a ON a.user_id = u.user_id
     LEFT JOIN ${creditMonthsTable} m ON m.user_id = u.user_id AND m.month = ${monthParam}::date`;
}

/** The snapshot of a `creditSnapshotSql` row (all zero when the user has none) for the month `key`. */
export function creditSnapshotOfRow(row: SnapshotRow | undefined, key: string): CreditSnapshot {
  return {
    paidBalance: row?.paid_balance ?? 0,
    paidSpent: row?.paid_spent ?? 0,
    overdrawnCredits: row?.overdrawn_credits ?? 0,
    lifetimeBytes: Number(row?.lifetime_bytes ?? 0),
    position: row?.position ?? '',
    bytesLeft: Number(row?.bytes_left ?? freeCreditsPerMonth * bytesPerCredit),
    month: {
      key,
      bytesStreamed: Number(row?.month_bytes_streamed ?? 0),
      bytesMetered: Number(row?.month_bytes_metered ?? 0),
      creditsUsed: row?.credits_used ?? 0,
      paidUsed: row?.paid_used ?? 0,
    },
  };
}

/** The user's credits for the billing month `at` falls in; all zero for a user the read model has never seen. */
export async function creditSnapshotOf(sql: SqlExecutor, userId: number, at: Date): Promise<CreditSnapshot> {
  const key = billingMonthKey(at);
  const { rows } = await sql.query<SnapshotRow>(creditSnapshotSql('$1', '$2'), [userId, key]);
  return creditSnapshotOfRow(rows[0], key);
}

/** Credits of one month as the usage screen shows them. */
export interface CreditFigures {
  /** The month's metered credits (a Pro user: every byte of the month, in credits). */
  used: number;
  /** Free credits plus the pack credits this month could draw on (those used in it and those left). */
  available: number;
  freeUsed: number;
  freeRemaining: number;
  paidRemaining: number;
  /** Pack credits the user holds or has streamed away (bought, less refunds and adjustments). */
  paidTotal: number;
}

/** The figures of a snapshot; a Pro user's `used` counts every byte of the month, since none is metered. */
export function creditFigures(snapshot: CreditSnapshot, pro: boolean): CreditFigures {
  const freeUsed = Math.min(snapshot.month.creditsUsed, freeCreditsPerMonth);
  return {
    used: pro ? creditsForBytes(snapshot.month.bytesStreamed) : snapshot.month.creditsUsed,
    available: freeCreditsPerMonth + snapshot.month.paidUsed + snapshot.paidBalance,
    freeUsed,
    freeRemaining: freeCreditsPerMonth - freeUsed,
    paidRemaining: snapshot.paidBalance,
    paidTotal: snapshot.paidBalance + snapshot.paidSpent,
  };
}
