import { expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import type { TestBrowser } from '../../testing/test-browser';
import { requestSignInEmail, signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

const tables = ['events', 'accounts', 'sessions', 'sign_in_challenges', 'sign_in_requests', 'sign_in_failures', 'email_outbox'];

async function counts(sql: SqlClient): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${table}`);
    result[table] = Number(rows[0]!.count);
  }
  return result;
}

describeAppOnEveryDatabase('cross-site requests', { config: { authSecret: testAuthSecret } }, (env) => {
  it('refuses every state-changing call of sign-in, account, e-mail preferences, privacy and newsletter from another site', async () => {
    const email = 'victim@example.com';
    const { browser } = await signInWithCode(env.app.url, email);
    const pending = await requestSignInEmail(env.app.url, browser, email);

    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/auth/request-magic-link', { email }],
      ['POST', '/api/auth/verify-code', { email, code: pending.code }],
      ['GET', `/api/auth/verify?token=${pending.token}`],
      ['POST', '/api/auth/logout', {}],
      ['PATCH', '/api/user/tutorial-dismissal', { tutorialWelcomeDismissed: true }],
      ['PATCH', '/api/user/preferences', { showChordsPreference: false }],
      ['POST', '/api/email-preferences/unsubscribe'],
      ['POST', '/api/email-preferences/resubscribe'],
      ['POST', '/api/privacy/request', { email, requestType: 'delete', description: 'Please delete all my data.' }],
      ['POST', '/api/mailing-list/subscribe', { email }],
    ];
    const foreign: Array<Record<string, string>> = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }];

    const before = await counts(env.sql);
    for (const [method, path, body] of calls) {
      for (const headers of foreign) {
        const response = await browser.request(method, path, { ...(body !== undefined && { body }), headers });
        expect(response.status, `${method} ${path} with ${JSON.stringify(headers)}`).toBe(403);
        expect(response.body).toEqual({ error: { code: 'cross_site_request', message: 'Cross-site requests are not allowed.' } });
      }
    }
    expect(await counts(env.sql)).toEqual(before);
    expect((await browser.get('/api/auth/me')).status).toBe(200);

    // The same calls from the app itself go through, so the refusals above were the only reason.
    await sameOrigin(browser, env.app, calls.slice(4));
    expect((await counts(env.sql)).events).toBeGreaterThan(before.events!);
  });
});

async function sameOrigin(browser: TestBrowser, app: TestApp, calls: Array<[string, string, unknown?]>): Promise<void> {
  for (const [method, path, body] of calls) {
    const response = await browser.request(method, path, { ...(body !== undefined && { body }), headers: { Origin: app.config.publicUrl } });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
  }
}
