import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { keyedHash } from './auth-keys';
import { sessionLifetimeMs, sessionRenewIntervalMs } from './auth-limits';
import { newSessionToken } from './session-token';

/** A session found by its cookie. */
export interface FoundSession {
  userId: number;
  email: string;
  /** When the session ends, unless it is renewed. */
  expiresAt: Date;
  /** Set when this request pushed the expiry back: the cookie must be sent again with it. */
  renewedUntil?: Date;
}

/**
 * Start a session for a user who just proved their address. The clear token goes only into the
 * cookie; the table keeps its keyed hash. Expired sessions of the user are swept on the way.
 */
export async function createSession(
  sql: SqlExecutor,
  options: { key: Buffer; tokenKey: Buffer; userId: number; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken(options.tokenKey);
  const expiresAt = new Date(options.now.getTime() + sessionLifetimeMs);
  await sql.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2', [options.userId, options.now]);
  await sql.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $3)', [
    keyedHash(options.key, token),
    options.userId,
    options.now,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/**
 * The live session of a cookie token, or undefined. Sliding expiry: once a day at most, a used
 * session gets 30 more days from now.
 */
export async function findSession(sql: SqlExecutor, options: { key: Buffer; token: string; now: Date }): Promise<FoundSession | undefined> {
  const tokenHash = keyedHash(options.key, options.token);
  const { rows } = await sql.query<{ user_id: number; email: string; expires_at: Date | string }>(
    `SELECT s.user_id, a.email, s.expires_at FROM sessions s JOIN accounts a ON a.user_id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash, options.now],
  );
  const row = rows[0];
  if (!row) return undefined;
  const session: FoundSession = { userId: Number(row.user_id), email: row.email, expiresAt: new Date(row.expires_at) };
  const renewedAt = new Date(row.expires_at).getTime() - sessionLifetimeMs;
  if (options.now.getTime() - renewedAt >= sessionRenewIntervalMs) {
    const renewedUntil = new Date(options.now.getTime() + sessionLifetimeMs);
    await sql.query('UPDATE sessions SET expires_at = $2, last_seen_at = $3 WHERE token_hash = $1', [tokenHash, renewedUntil, options.now]);
    session.renewedUntil = renewedUntil;
    session.expiresAt = renewedUntil;
  }
  return session;
}

/** End every session of a user (log out everywhere); resolves with how many there were. */
export async function endSessionsOfUser(sql: SqlExecutor, userId: number): Promise<number> {
  const { rowCount } = await sql.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  return rowCount;
}
