import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { SuppressionReason } from './email-suppressions-projection';
import { emailSuppressionsTable } from './email-suppressions-tables';

/** Why and since when campaign mail skips this (lower-cased) address; null when it does not. */
export async function emailSuppression(sql: SqlExecutor, email: string): Promise<{ reason: SuppressionReason; since: Date } | null> {
  const { rows } = await sql.query<{ reason: SuppressionReason; since: Date | string }>(`SELECT reason, since FROM ${emailSuppressionsTable} WHERE email = $1`, [email]);
  return rows[0] ? { reason: rows[0].reason, since: new Date(rows[0].since) } : null;
}

/** SQL, true when the lower-cased address `emailSql` is suppressed. */
export function isSuppressedSql(emailSql: string): string {
  return `EXISTS (SELECT 1 FROM ${emailSuppressionsTable} es WHERE es.email = ${emailSql})`;
}
