import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients, loadRounds } from '../../../events/store/testing/test-sql-clients';
import { startTestApp } from '../../testing/start-test-app';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../../testing/test-browser';
import { latestSignInEmail, signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

/** Run `total` tasks with at most `concurrency` in flight; results in task order. */
async function inParallel<T>(total: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(total);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, total) }, async () => {
    while (next < total) {
      const index = next++;
      results[index] = await task(index);
    }
  });
  await Promise.all(workers);
  return results;
}

// node:http with a keep-alive agent rather than fetch: the load generator shares the test's one
// process (and CPU) with the app, and undici's fetch costs about twice as much per request.
function verifyCodeStatus(agent: http.Agent, app: TestApp, email: string, code: string): Promise<number> {
  const url = new URL(app.url);
  const body = JSON.stringify({ email, code });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/auth/verify-code',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function tally(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

for (const candidate of availableSqlClients()) {
  describe(`guessing sign-in codes on ${candidate.name}`, () => {
    let sql: SqlClient;
    let app: TestApp;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
    beforeAll(async () => {
      sql = await candidate.open();
      app = await startTestApp({ sql, config: { authSecret: testAuthSecret } });
    });
    afterAll(async () => {
      agent.destroy();
      await app?.stop();
      await sql?.close();
    });

    const guesses = loadRounds(candidate, 10_000);
    it(`evaluates at most 5 of ${guesses.toLocaleString('en')} concurrent wrong codes and accepts none`, async () => {
      const email = 'target@example.com';
      await signInWithCode(app.url, email);
      await new TestBrowser(app.url).post('/api/auth/request-magic-link', { email });
      const { code } = await latestSignInEmail(app.url, email);
      const right = Number(code);
      // Distinct codes, none of them the right one.
      const wrongCodes = Array.from({ length: guesses }, (_, index) => String((right + 1 + index) % 1_000_000).padStart(6, '0'));

      const statuses = await inParallel(wrongCodes.length, 150, (index) => verifyCodeStatus(agent, app, email, wrongCodes[index]!));

      // Four wrong codes are told 'invalid'; the fifth, which used up the code, already gets the limit.
      expect(tally(statuses)).toEqual({ 400: 4, 429: guesses - 4 });
      const { rows: challenge } = await sql.query<{ failed_attempts: number }>('SELECT failed_attempts FROM sign_in_challenges WHERE email = $1', [email]);
      expect(challenge.map((row) => Number(row.failed_attempts))).toEqual([5]);
      const { rows: failures } = await sql.query<{ failures: number }>('SELECT failures FROM sign_in_failures WHERE email = $1', [email]);
      expect(failures.map((row) => Number(row.failures))).toEqual([5]);
      const { rows: sessions } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM sessions s JOIN accounts a USING (user_id) WHERE a.email = $1', [email]);
      expect(Number(sessions[0]!.count)).toBe(1); // the one from signing up, none from guessing
      // The code is dead even though it was never tried: 429.
      expect(await verifyCodeStatus(agent, app, email, code)).toBe(429);
    }, 120_000);

    it('gives exactly one session to 50 parallel submissions of the right code', async () => {
      const email = 'racer@example.com';
      const browser = new TestBrowser(app.url);
      await browser.post('/api/auth/request-magic-link', { email });
      const { code } = await latestSignInEmail(app.url, email);

      const statuses = await Promise.all(Array.from({ length: 50 }, () => verifyCodeStatus(agent, app, email, code)));

      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
      const { rows } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM sessions s JOIN accounts a USING (user_id) WHERE a.email = $1', [email]);
      expect(Number(rows[0]!.count)).toBe(1);
      const events = await app.store.readStream(`user-${(await sql.query<{ user_id: number }>('SELECT user_id FROM accounts WHERE email = $1', [email])).rows[0]!.user_id}`);
      expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserSignedIn']);
    });
  });
}
