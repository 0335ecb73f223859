import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { isSuppressedSql } from '../email-suppressions/email-suppressions-queries';
import { subscriptionsTable } from '../subscriptions/subscriptions-tables';
import { usersTable } from '../users/users-tables';

/** Who a campaign can go to, among accounts: everyone, Pro or free users (spec 001 section 9). */
export type AccountAudience = 'all' | 'pro' | 'free';

/** One account a campaign is addressed to. */
export interface AudienceMember {
  userId: number;
  email: string;
}

// Pro is a subscription whose paid period runs at `now` (as subscriptions-queries.ts decides).
const isPro = (now: string) =>
  `EXISTS (SELECT 1 FROM ${subscriptionsTable} s WHERE s.user_id = u.user_id AND s.status <> 'ended' AND s.current_period_end > ${now}::timestamptz)`;

/** An audience's accounts at `now` that accept announcements and are not suppressed, in account order. */
export async function audienceMembers(sql: SqlExecutor, audience: AccountAudience, now: Date): Promise<AudienceMember[]> {
  const condition = audience === 'all' ? 'true' : audience === 'pro' ? isPro('$1') : `NOT ${isPro('$1')}`;
  const { rows } = await sql.query<{ user_id: number; email: string }>(
    `SELECT u.user_id, u.email FROM ${usersTable} u
     WHERE NOT u.unsubscribed_announcements AND NOT ${isSuppressedSql('u.email')} AND (${condition})
     ORDER BY u.user_id`,
    audience === 'all' ? [] : [now.toISOString()],
  );
  return rows.map((row) => ({ userId: Number(row.user_id), email: row.email }));
}

/** The account with this (normalised) address, whether or not it takes announcements; null when none. */
export async function accountByEmail(sql: SqlExecutor, email: string): Promise<(AudienceMember & { unsubscribed: boolean }) | null> {
  const { rows } = await sql.query<{ user_id: number; email: string; unsubscribed_announcements: boolean }>(
    `SELECT user_id, email, unsubscribed_announcements FROM ${usersTable} WHERE email = $1 ORDER BY user_id LIMIT 1`,
    [email],
  );
  const row = rows[0];
  return row ? { userId: Number(row.user_id), email: row.email, unsubscribed: row.unsubscribed_announcements } : null;
}

/** The address of the account with this id, or null. */
export async function accountEmail(sql: SqlExecutor, userId: number): Promise<string | null> {
  const { rows } = await sql.query<{ email: string }>(`SELECT email FROM ${usersTable} WHERE user_id = $1`, [userId]);
  return rows[0]?.email ?? null;
}

/** SQL, true when account `userIdSql` refuses announcements or its address is suppressed. */
export function refusesAnnouncementsSql(userIdSql: string): string {
  return `EXISTS (SELECT 1 FROM ${usersTable} u WHERE u.user_id = ${userIdSql} AND (u.unsubscribed_announcements OR ${isSuppressedSql('u.email')}))`;
}
