import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { mailingListTable } from './mailing-list-tables';

/** When this (normalised) address joined the newsletter, or null when it has not. */
export async function mailingListSubscribedAt(sql: SqlExecutor, email: string): Promise<Date | null> {
  const { rows } = await sql.query<{ subscribed_at: Date | string }>(`SELECT subscribed_at FROM ${mailingListTable} WHERE email = $1`, [email]);
  return rows[0] ? new Date(rows[0].subscribed_at) : null;
}

/** How many addresses are subscribed. */
export async function countMailingListSubscribers(sql: SqlExecutor): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${mailingListTable}`);
  return Number(rows[0]?.count ?? 0);
}
