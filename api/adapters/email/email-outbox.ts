import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import type { EmailMessage } from './email-message';
import { openOutboxBody, sealOutboxBody } from './outbox-cipher';

/** NOTIFY channel that wakes the delivery job when a message is queued. */
export const emailOutboxChannel = 'woodshed_email_outbox';

/** A message on its way into the outbox. */
export interface OutgoingEmail extends EmailMessage {
  /** Named values the template was filled with; stored sealed, shown by the dev mailbox. */
  data?: Record<string, string>;
}

/** A message claimed for delivery; its body is still sealed (open it with `openOutboxBody`). */
export interface DueEmail {
  id: number;
  to: string;
  subject: string;
  sealedBody: Uint8Array;
  /** Delivery attempts so far, this one included. */
  attempts: number;
}

/** A message as the dev mailbox lists it. `text`, `html` and `data` are null once the body was wiped. */
export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  data: Record<string, string> | null;
  /** Extra header lines (campaign mail's List-Unsubscribe); null once the body was wiped. */
  headers: Record<string, string> | null;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
}

/**
 * Queue a message inside the caller's transaction, so it is sent exactly when the change that
 * causes it commits. The body is sealed with `key` before it touches the table.
 */
export async function enqueueEmail(tx: SqlExecutor, email: OutgoingEmail, options: { key: Buffer; now: Date }): Promise<void> {
  const body = sealOutboxBody(options.key, email.to, { text: email.text, html: email.html, data: email.data ?? {}, ...(email.headers !== undefined && { headers: { ...email.headers } }) });
  await tx.query(
    `INSERT INTO email_outbox (to_address, subject, body, created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $4)`,
    [email.to, email.subject, body, options.now],
  );
  // Delivered at commit, and only if the transaction commits.
  await tx.query('SELECT pg_notify($1, $2)', [emailOutboxChannel, '']);
}

interface DueRow {
  id: string | number;
  to_address: string;
  subject: string;
  body: Uint8Array | null;
  attempts: number;
}

/** Delays between attempts double from 5 s, capped at an hour (SQL: the old `attempts` value). */
const retryDelay = `make_interval(secs => least(3600, 5 * power(2, attempts)))`;

/**
 * Claim up to `limit` due messages, oldest first: each gets its attempt counted and its next
 * attempt pushed back, so a crash during delivery retries later instead of never.
 */
export async function claimDueEmails(sql: SqlExecutor, options: { now: Date; limit: number }): Promise<DueEmail[]> {
  const { rows } = await sql.query<DueRow>(
    `UPDATE email_outbox SET attempts = attempts + 1, next_attempt_at = $1::timestamptz + ${retryDelay}
     WHERE id IN (
       SELECT id FROM email_outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
       ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     RETURNING id, to_address, subject, body, attempts`,
    [options.now, options.limit],
  );
  return rows
    .filter((row): row is DueRow & { body: Uint8Array } => row.body !== null)
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => ({ id: Number(row.id), to: row.to_address, subject: row.subject, sealedBody: row.body, attempts: row.attempts }));
}

/** The message was handed over. `wipeBody` drops the sealed body (kept only by the local outbox). */
export async function markEmailSent(sql: SqlExecutor, id: number, options: { now: Date; wipeBody: boolean }): Promise<void> {
  await sql.query(
    `UPDATE email_outbox SET sent_at = $2, last_error = NULL, body = CASE WHEN $3 THEN NULL ELSE body END WHERE id = $1`,
    [id, options.now, options.wipeBody],
  );
}

/** A delivery attempt failed; `giveUp` ends the retries (and wipes the body: it will never be sent). */
export async function markEmailAttemptFailed(
  sql: SqlExecutor,
  id: number,
  options: { now: Date; error: string; giveUp: boolean },
): Promise<void> {
  await sql.query(
    `UPDATE email_outbox SET last_error = $2,
       failed_at = CASE WHEN $3 THEN $4::timestamptz END,
       body = CASE WHEN $3 THEN NULL ELSE body END
     WHERE id = $1`,
    [id, options.error.slice(0, 1_000), options.giveUp, options.now],
  );
}

interface EntryRow {
  id: string | number;
  to_address: string;
  subject: string;
  body: Uint8Array | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  failed_at: Date | string | null;
}

/** The newest messages first, optionally only those to one (normalised) address. */
export async function listOutbox(sql: SqlExecutor, options: { key: Buffer; to?: string; limit: number }): Promise<OutboxEntry[]> {
  const { rows } = await sql.query<EntryRow>(
    `SELECT id, to_address, subject, body, created_at, sent_at, failed_at FROM email_outbox
     WHERE $1::text IS NULL OR to_address = $1
     ORDER BY id DESC LIMIT $2`,
    [options.to ?? null, options.limit],
  );
  return rows.map((row) => {
    const body = row.body === null ? null : openOutboxBody(options.key, row.to_address, row.body);
    return {
      id: Number(row.id),
      to: row.to_address,
      subject: row.subject,
      text: body?.text ?? null,
      html: body?.html ?? null,
      data: body?.data ?? null,
      headers: body === null ? null : (body.headers ?? {}),
      createdAt: new Date(row.created_at),
      sentAt: row.sent_at === null ? null : new Date(row.sent_at),
      failedAt: row.failed_at === null ? null : new Date(row.failed_at),
    };
  });
}
