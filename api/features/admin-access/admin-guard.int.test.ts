import { beforeAll, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

/** Every admin call of spec 001 section 7. */
const adminCalls: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/usage'],
  ['GET', '/api/admin/user/1/last-songs'],
  ['GET', '/api/admin/email-campaigns'],
  ['POST', '/api/admin/email-campaigns', { subject: 'Hi', htmlBody: '<p>Hi</p>', textBody: 'Hi', targetAudience: 'test' }],
  ['POST', '/api/admin/email-campaigns/1/pause'],
  ['POST', '/api/admin/email-campaigns/1/resume'],
  ['PATCH', '/api/admin/email-campaigns/1/cancel'],
  ['GET', '/api/admin/settings'],
  ['PATCH', '/api/admin/settings', { purchasing_enabled: false }],
];

describeAppOnEveryDatabase('admin access', { config: { authSecret: testAuthSecret, adminEmails: ['boss@example.com'] } }, (env) => {
  let first: TestBrowser;
  let regular: TestBrowser;
  let listed: TestBrowser;
  beforeAll(async () => {
    first = (await signInWithCode(env.app.url, 'first@example.com')).browser;
    regular = (await signInWithCode(env.app.url, 'regular@example.com')).browser;
    listed = (await signInWithCode(env.app.url, 'boss@example.com')).browser;
  });

  it('reports who is an admin: ADMIN_EMAILS only, not the first account', async () => {
    expect((await first.get('/api/auth/me')).body).toMatchObject({ id: 1, isAdmin: false });
    expect((await regular.get('/api/auth/me')).body).toMatchObject({ id: 2, isAdmin: false });
    expect((await listed.get('/api/auth/me')).body).toMatchObject({ id: 3, isAdmin: true });
  });

  it('answers 401 without a session and 403 to a signed-in non-admin on every admin call', async () => {
    const visitor = new TestBrowser(env.app.url);
    for (const [method, path, body] of adminCalls) {
      const options = body === undefined ? {} : { body };
      const anonymous = await visitor.request(method, path, options);
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
      expect(anonymous.body).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
      for (const [who, browser] of [['a non-admin', regular], ['user 1, not in ADMIN_EMAILS', first]] as const) {
        const forbidden = await browser.request(method, path, options);
        expect(forbidden.status, `${method} ${path} as ${who}`).toBe(403);
        expect(forbidden.body).toEqual({ error: { code: 'forbidden', message: 'Only administrators can do that.' } });
      }
    }
    // Routes nobody has written yet are guarded too.
    expect((await regular.get('/api/admin/not-yet-written')).status).toBe(403);
    expect((await regular.get('/api/admin')).status).toBe(403);
  });

  it('lets an ADMIN_EMAILS admin through the guard', async () => {
    for (const [method, path, body] of adminCalls) {
      const response = await listed.request(method, path, body === undefined ? {} : { body });
      expect([401, 403], `${method} ${path} as an admin`).not.toContain(response.status);
    }
  });
});
