import { describe, expect, it } from 'vitest';
import { sessionCacheTtlMs } from '../../api/features/auth/session-cache';
import { cluster, clusterDatabasePerSuite, signedInUser } from './testing/cluster-client';

describe('sessions across API processes', () => {
  const database = clusterDatabasePerSuite();

  const statusAt = async (baseUrl: string, headers: Record<string, string>) => {
    const response = await fetch(`${baseUrl}/api/usage/stats`, { headers });
    await response.body?.cancel();
    return response.status;
  };

  it('a sign-out answered by one process is refused by every other once the session cache’s bound has passed', async () => {
    const { apis } = cluster();
    expect(apis.length).toBeGreaterThan(1);
    const [first, ...others] = apis;
    const user = await signedInUser(database, 'sessions');
    // Every process has the session in its cache: the case the bound is about.
    for (const api of apis) expect(await statusAt(api.url, user.headers)).toBe(200);

    const logout = await fetch(`${first!.url}/api/auth/logout`, { method: 'POST', headers: user.headers });
    await logout.body?.cancel();
    expect(logout.status).toBeLessThan(300);
    // The process that answered drops its cached sessions of the user before it answers.
    expect(await statusAt(first!.url, user.headers)).toBe(401);

    // The others trust a session they found for sessionCacheTtlMs (decision 0037); after that, none.
    await new Promise((resolve) => setTimeout(resolve, sessionCacheTtlMs + 50));
    for (const api of others) expect(await statusAt(api.url, user.headers), api.name).toBe(401);
    const stillSignedIn = await signedInUser(database, 'sessions-other');
    for (const api of apis) expect(await statusAt(api.url, stillSignedIn.headers), api.name).toBe(200);
  });
});
