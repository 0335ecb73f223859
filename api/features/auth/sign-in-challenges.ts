import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { codeFailuresPerDay, codesPerAddressPerHour, signInLifetimeMs, wrongCodesPerChallenge } from './auth-limits';

/** The UTC day (`2025-10-16`) failures are counted under. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Record a code request of `email` unless it made 5 in the last hour, under a per-address lock in
 * the caller's transaction. Over the limit, returns when the oldest counted request leaves the window.
 */
export async function recordCodeRequest(tx: SqlExecutor, email: string, now: Date): Promise<{ allowed: true } | { allowed: false; retryAt: Date }> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`woodshed:sign-in:${email}`]);
  const windowStart = new Date(now.getTime() - 60 * 60_000);
  await tx.query('DELETE FROM sign_in_requests WHERE email = $1 AND requested_at <= $2', [email, windowStart]);
  const { rows } = await tx.query<{ count: string | number; oldest: Date | string | null }>(
    'SELECT count(*) AS count, min(requested_at) AS oldest FROM sign_in_requests WHERE email = $1',
    [email],
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count >= codesPerAddressPerHour && rows[0]?.oldest != null) {
    return { allowed: false, retryAt: new Date(new Date(rows[0].oldest).getTime() + 60 * 60_000) };
  }
  await tx.query('INSERT INTO sign_in_requests (email, requested_at) VALUES ($1, $2)', [email, now]);
  return { allowed: true };
}

/** Store the address's new challenge, replacing (and so killing) the previous code and link. */
export async function replaceChallenge(
  tx: SqlExecutor,
  challenge: { email: string; codeHash: Buffer; linkTokenHash: Buffer; now: Date },
): Promise<void> {
  const expiresAt = new Date(challenge.now.getTime() + signInLifetimeMs);
  await tx.query(
    `INSERT INTO sign_in_challenges (email, challenge_id, code_hash, link_token_hash, expires_at, failed_attempts, created_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6)
     ON CONFLICT (email) DO UPDATE SET challenge_id = excluded.challenge_id, code_hash = excluded.code_hash,
       link_token_hash = excluded.link_token_hash, expires_at = excluded.expires_at, failed_attempts = 0,
       created_at = excluded.created_at`,
    [challenge.email, randomUUID(), challenge.codeHash, challenge.linkTokenHash, expiresAt, challenge.now],
  );
  await tx.query('DELETE FROM sign_in_failures WHERE email = $1 AND day < $2', [challenge.email, utcDay(challenge.now)]);
}

/** The right to compare one submitted code with the challenge's hash. */
export interface CodeAttempt {
  challengeId: string;
  codeHash: Uint8Array;
  /** This attempt included: the 5th is the challenge's last. */
  attemptsUsed: number;
}

/** Why no attempt was left. */
export type NoAttemptReason = 'locked-for-today' | 'code-used-up' | 'no-live-code';

/** Why no attempt is left, or undefined. A plain read, so a guessing script's path costs one cheap query. */
export async function codeAttemptRefusal(sql: SqlExecutor, email: string, now: Date): Promise<NoAttemptReason | undefined> {
  return refusalOf(await readChallengeState(sql, email, now));
}

/** Take one of the challenge's 5 attempts atomically, before any comparison; else say why not. */
export async function takeCodeAttempt(
  sql: SqlExecutor,
  email: string,
  now: Date,
): Promise<{ attempt: CodeAttempt } | { refused: NoAttemptReason }> {
  const { rows } = await sql.query<{ challenge_id: string; code_hash: Uint8Array; failed_attempts: number }>(
    `UPDATE sign_in_challenges SET failed_attempts = failed_attempts + 1
     WHERE email = $1 AND failed_attempts < $3 AND expires_at > $2
       AND NOT EXISTS (SELECT 1 FROM sign_in_failures f WHERE f.email = $1 AND f.day = $4 AND f.failures >= $5)
     RETURNING challenge_id, code_hash, failed_attempts`,
    [email, now, wrongCodesPerChallenge, utcDay(now), codeFailuresPerDay],
  );
  if (rows[0]) {
    return { attempt: { challengeId: rows[0].challenge_id, codeHash: rows[0].code_hash, attemptsUsed: Number(rows[0].failed_attempts) } };
  }
  // Concurrent submissions took the last attempts (or consumed the challenge) since the read.
  return { refused: refusalOf(await readChallengeState(sql, email, now)) ?? 'code-used-up' };
}

interface ChallengeState {
  failuresToday: number;
  /** Null when the address has no challenge. */
  failedAttempts: number | null;
  live: boolean;
}

async function readChallengeState(sql: SqlExecutor, email: string, now: Date): Promise<ChallengeState> {
  const { rows } = await sql.query<{ failures_today: number | null; failed_attempts: number | null; live: boolean | null }>(
    `SELECT (SELECT failures FROM sign_in_failures WHERE email = $1 AND day = $3) AS failures_today,
            c.failed_attempts, c.expires_at > $2 AS live
     FROM (SELECT 1) AS one LEFT JOIN sign_in_challenges c ON c.email = $1`,
    [email, now, utcDay(now)],
  );
  const row = rows[0];
  return {
    failuresToday: Number(row?.failures_today ?? 0),
    failedAttempts: row?.failed_attempts == null ? null : Number(row.failed_attempts),
    live: row?.live === true,
  };
}

function refusalOf(state: ChallengeState): NoAttemptReason | undefined {
  if (state.failuresToday >= codeFailuresPerDay) return 'locked-for-today';
  if (state.failedAttempts === null || !state.live) return 'no-live-code';
  if (state.failedAttempts >= wrongCodesPerChallenge) return 'code-used-up';
  return undefined;
}

/** Count a wrong code against the daily limit; resolves with the day's wrong codes so far (20 locks code sign-in). */
export async function recordWrongCode(sql: SqlExecutor, email: string, now: Date): Promise<number> {
  const { rows } = await sql.query<{ failures: number }>(
    `INSERT INTO sign_in_failures (email, day, failures) VALUES ($1, $2, 1)
     ON CONFLICT (email, day) DO UPDATE SET failures = sign_in_failures.failures + 1
     RETURNING failures`,
    [email, utcDay(now)],
  );
  return Number(rows[0]?.failures ?? 0);
}

/** Why a just-counted wrong code leaves no attempt after it: the last attempt is answered with the limit itself. */
export function refusalAfterWrongCode(attemptsUsed: number, failuresToday: number): NoAttemptReason | undefined {
  if (failuresToday >= codeFailuresPerDay) return 'locked-for-today';
  if (attemptsUsed >= wrongCodesPerChallenge) return 'code-used-up';
  return undefined;
}

/** Use up the challenge a right code was checked against; false when another request got it first. */
export async function consumeChallenge(sql: SqlExecutor, email: string, challengeId: string): Promise<boolean> {
  const { rowCount } = await sql.query('DELETE FROM sign_in_challenges WHERE email = $1 AND challenge_id = $2', [email, challengeId]);
  return rowCount === 1;
}

/** Use up the live challenge of a link token; resolves with its address, or undefined. Links are not rate-limited: 256 random bits. */
export async function consumeChallengeByLink(sql: SqlExecutor, linkTokenHash: Buffer, now: Date): Promise<string | undefined> {
  const { rows } = await sql.query<{ email: string }>(
    'DELETE FROM sign_in_challenges WHERE link_token_hash = $1 AND expires_at > $2 RETURNING email',
    [linkTokenHash, now],
  );
  return rows[0]?.email;
}
