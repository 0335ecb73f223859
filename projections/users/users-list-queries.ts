import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { usersTable } from './users-tables';

/** An account as the admin users list shows it. */
export interface AccountSummary {
  id: number;
  email: string;
  registeredAt: Date;
  lastSignedInAt: Date | null;
}

/** Every account, oldest first (by id). */
export async function listAccounts(sql: SqlExecutor): Promise<AccountSummary[]> {
  const { rows } = await sql.query<{ user_id: number; email: string; registered_at: Date | string; last_signed_in_at: Date | string | null }>(
    `SELECT user_id, email, registered_at, last_signed_in_at FROM ${usersTable} ORDER BY user_id`,
  );
  return rows.map((row) => ({
    id: Number(row.user_id),
    email: row.email,
    registeredAt: new Date(row.registered_at),
    lastSignedInAt: row.last_signed_in_at === null ? null : new Date(row.last_signed_in_at),
  }));
}
