import type { SqlExecutor } from '../../../events/store/postgres/sql-client';

/** An account as the registry knows it. */
export interface RegisteredAccount {
  userId: number;
  email: string;
  /** False until UserRegistered is in the log (a new account, or a crash right after creating it). */
  registered: boolean;
}

/**
 * The account of an address, created on first sign-in. The registry's unique address guarantees
 * one user per address however many sign-ins race; ids come from a sequence starting at 1.
 */
export async function findOrCreateAccount(sql: SqlExecutor, email: string, now: Date): Promise<RegisteredAccount> {
  // The WHERE spares a sequence number when the account exists; ON CONFLICT covers a race.
  await sql.query(
    `INSERT INTO accounts (user_id, email, created_at)
     SELECT nextval('account_user_ids'), $1, $2 WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE email = $1)
     ON CONFLICT (email) DO NOTHING`,
    [email, now],
  );
  const { rows } = await sql.query<{ user_id: number; registered_at: Date | null }>(
    'SELECT user_id, registered_at FROM accounts WHERE email = $1',
    [email],
  );
  const row = rows[0];
  if (!row) throw new Error('The account registry lost a row it just wrote');
  return { userId: Number(row.user_id), email, registered: row.registered_at !== null };
}

/** UserRegistered is in the log for this account. */
export async function markAccountRegistered(sql: SqlExecutor, userId: number, now: Date): Promise<void> {
  await sql.query('UPDATE accounts SET registered_at = $2 WHERE user_id = $1 AND registered_at IS NULL', [userId, now]);
}
