import { randomBytes } from 'node:crypto';
import { findOrCreateAccount } from '../../api/features/auth/account-registry';
import { sessionCookieName } from '../../api/features/auth/session-cookie';
import { createSession } from '../../api/features/auth/sessions';
import { playerRequestHeader } from '../../api/features/stems/require-player-request';
import { deriveKeyFromSecret } from '../../api/config/auth-secret';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { ClusterDescription } from './cluster-description';

/** A signed-in user of the rehearsal: the headers of the player's requests with its session cookie. */
export interface ClusterUser {
  userId: number;
  email: string;
  headers: Record<string, string>;
}

/**
 * A new account with a session, written as a sign-in writes them, under the cluster's AUTH_SECRET
 * (sign-in itself sends e-mail and counts per network: it has tests of its own).
 */
export async function signInDirectly(sql: SqlExecutor, description: ClusterDescription, label: string, options: { email?: string } = {}): Promise<ClusterUser> {
  const secret = Buffer.from(description.authSecret, 'utf8');
  const email = options.email ?? `${label}-${randomBytes(4).toString('hex')}@scale-out.test`;
  const account = await findOrCreateAccount(sql, email, new Date());
  const { token } = await createSession(sql, {
    key: deriveKeyFromSecret(secret, 'session'),
    tokenKey: deriveKeyFromSecret(secret, 'session-token'),
    userId: account.userId,
    now: new Date(),
  });
  return { userId: account.userId, email, headers: { cookie: `${sessionCookieName(description.publicUrl)}=${token}`, [playerRequestHeader]: '1' } };
}
