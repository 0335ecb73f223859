import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../../events/store/testing/test-sql-clients';
import { startTestApp } from '../../testing/start-test-app';
import type { TestApp } from '../../testing/start-test-app';
import { signInLifetimeMs } from './auth-limits';
import { sessionCacheTtlMs } from './session-cache';
import { TestBrowser } from '../../testing/test-browser';
import { latestSignInEmail, requestSignInEmail, signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';

const minute = 60_000;

async function countRows(sql: SqlClient, query: string, params: unknown[] = []): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>(query, params);
  return Number(rows[0]?.count ?? 0);
}

async function eventTypes(app: TestApp, stream: string): Promise<string[]> {
  return (await app.store.readStream(stream)).map((event) => event.type);
}

for (const candidate of availableSqlClients()) {
  describe(`sign-in on ${candidate.name}`, () => {
    const clock = testClock();
    let sql: SqlClient;
    let app: TestApp;
    beforeAll(async () => {
      sql = await candidate.open();
      app = await startTestApp({ sql, clock, config: { authSecret: testAuthSecret } });
    });
    afterAll(async () => {
      await app?.stop();
      await sql?.close();
    });

    it('signs a new address up with the code, then answers GET /api/auth/me at once', async () => {
      const browser = new TestBrowser(app.url);
      const requested = await browser.post('/api/auth/request-magic-link', { email: '  Ada@Example.COM ' });
      expect(requested.status).toBe(200);
      expect(requested.body).toEqual({ message: 'Check your email for a sign-in link and a 6-digit code.' });

      const email = await latestSignInEmail(app.url, 'ada@example.com');
      expect(email.code).toMatch(/^\d{6}$/);
      expect(email.link).toBe(`${app.config.publicUrl}/auth/verify?token=${email.token}`);

      const verified = await browser.post('/api/auth/verify-code', { email: 'ada@example.com', code: email.code });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ user: { id: 1, email: 'ada@example.com' } });
      const setCookie = verified.headers.getSetCookie().join('\n');
      expect(setCookie).toMatch(/^woodshed_session=[A-Za-z0-9_-]{65}; Max-Age=2592000; Expires=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);

      const me = await browser.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        id: 1,
        email: 'ada@example.com',
        // The first account is no admin: ADMIN_EMAILS is empty here.
        isAdmin: false,
        tutorialWelcomeDismissed: false,
        tutorialChoiceDismissed: false,
        tutorialListenDismissed: false,
        tutorialKaraokeDismissed: false,
        tutorialDrumsDismissed: false,
        tutorialBassDismissed: false,
        tutorialGuitarDismissed: false,
        tutorialKeyboardDismissed: false,
      });
      expect(await eventTypes(app, 'user-1')).toEqual(['UserRegistered', 'UserSignedIn']);
    });

    it('signs an existing account in with the link, once', async () => {
      const browser = new TestBrowser(app.url);
      await browser.post('/api/auth/request-magic-link', { email: 'ada@example.com' });
      const { token, code } = await latestSignInEmail(app.url, 'ada@example.com');
      // A link checker's HEAD does not use the link up.
      const head = await fetch(`${app.url}/api/auth/verify?token=${token}`, { method: 'HEAD' });
      expect(head.status).toBe(405);
      const verified = await browser.get(`/api/auth/verify?token=${token}`);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ user: { id: 1, email: 'ada@example.com' } });
      expect((await browser.get('/api/auth/me')).status).toBe(200);
      expect(await eventTypes(app, 'user-1')).toEqual(['UserRegistered', 'UserSignedIn', 'UserSignedIn']);

      // Used: neither the link nor the code of that e-mail works again.
      const again = await new TestBrowser(app.url).get(`/api/auth/verify?token=${token}`);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: { code: 'invalid_request', message: 'This sign-in link is invalid or has expired.' } });
      const codeAfterLink = await new TestBrowser(app.url).post('/api/auth/verify-code', { email: 'ada@example.com', code });
      expect(codeAfterLink.status).toBe(400);
      expect(codeAfterLink.body).toEqual({ error: { code: 'invalid_request', message: 'Invalid or expired code' } });
    });

    it('refuses a used code', async () => {
      const email = 'used-code@example.com';
      await signInWithCode(app.url, email);
      const { code } = await latestSignInEmail(app.url, email);
      const reused = await new TestBrowser(app.url).post('/api/auth/verify-code', { email, code });
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual({ error: { code: 'invalid_request', message: 'Invalid or expired code' } });
    });

    it('kills the previous code and link when a new e-mail is requested', async () => {
      const email = 'replaced@example.com';
      const browser = new TestBrowser(app.url);
      const first = await requestSignInEmail(app.url, browser, email);
      const second = await requestSignInEmail(app.url, browser, email);
      expect((await browser.get(`/api/auth/verify?token=${first.token}`)).status).toBe(400);
      if (first.code !== second.code) expect((await browser.post('/api/auth/verify-code', { email, code: first.code })).status).toBe(400);
      expect((await browser.post('/api/auth/verify-code', { email, code: second.code })).status).toBe(200);
    });

    it('accepts a code 1 s before it expires and refuses it 1 s after', async () => {
      const email = 'expiry@example.com';
      const browser = new TestBrowser(app.url);
      const beforeExpiry = await requestSignInEmail(app.url, browser, email);
      clock.advance(signInLifetimeMs - 1_000);
      expect((await browser.post('/api/auth/verify-code', { email, code: beforeExpiry.code })).status).toBe(200);

      const afterExpiry = await requestSignInEmail(app.url, browser, email);
      clock.advance(signInLifetimeMs + 1_000);
      const late = await browser.post('/api/auth/verify-code', { email, code: afterExpiry.code });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ error: { code: 'invalid_request', message: 'Invalid or expired code' } });
      expect((await browser.get(`/api/auth/verify?token=${afterExpiry.token}`)).status).toBe(400);
    });

    it('accepts a link 1 s before it expires and refuses it 1 s after', async () => {
      const email = 'link-expiry@example.com';
      const browser = new TestBrowser(app.url);
      const beforeExpiry = await requestSignInEmail(app.url, browser, email);
      clock.advance(signInLifetimeMs - 1_000);
      expect((await browser.get(`/api/auth/verify?token=${beforeExpiry.token}`)).status).toBe(200);

      const afterExpiry = await requestSignInEmail(app.url, browser, email);
      clock.advance(signInLifetimeMs + 1_000);
      expect((await browser.get(`/api/auth/verify?token=${afterExpiry.token}`)).status).toBe(400);
    });

    it('validates with the spec texts', async () => {
      const browser = new TestBrowser(app.url);
      const cases: Array<[string, unknown, string]> = [
        ['/api/auth/request-magic-link', { email: 'not-an-address' }, 'Please enter a valid email address'],
        ['/api/auth/request-magic-link', {}, 'Please enter a valid email address'],
        ['/api/auth/verify-code', { email: 'ada@example.com', code: '12345' }, 'Code must be 6 digits'],
        ['/api/auth/verify-code', { email: 'ada@example.com', code: '12a456' }, 'Code must contain only numbers'],
        ['/api/auth/verify-code', { email: 'nope', code: '123456' }, 'Please enter a valid email address'],
      ];
      for (const [path, body, message] of cases) {
        const response = await browser.post(path, body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: { code: 'invalid_request', message } });
      }
      const noToken = await browser.get('/api/auth/verify');
      expect(noToken.body).toEqual({ error: { code: 'invalid_request', message: 'No verification token found' } });
    });

    it('answers known and unknown addresses identically', async () => {
      const known = 'ada@example.com';
      const unknown = 'nobody-yet@example.com';
      const answers = [];
      for (const email of [known, unknown]) {
        const response = await new TestBrowser(app.url).post('/api/auth/request-magic-link', { email });
        const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
        answers.push({ status: response.status, body: response.body, headers });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]!.status).toBe(200);
      // The unknown address got its e-mail too, and still has no account until it signs in.
      expect((await latestSignInEmail(app.url, unknown)).code).toMatch(/^\d{6}$/);
      expect(await countRows(sql, 'SELECT count(*) AS count FROM accounts WHERE email = $1', [unknown])).toBe(0);
    });

    it('sends at most 5 codes per address per hour', async () => {
      const email = 'hourly@example.com';
      const browser = new TestBrowser(app.url);
      for (let request = 1; request <= 5; request++) {
        expect((await browser.post('/api/auth/request-magic-link', { email })).status).toBe(200);
        clock.advance(minute);
      }
      const sixth = await browser.post('/api/auth/request-magic-link', { email });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({
        error: { code: 'rate_limited', message: 'Too many sign-in e-mails: at most 5 per hour for one address. Please try again in 55 minutes.' },
      });
      expect(sixth.headers.get('retry-after')).toBe(String(55 * 60));
      expect(await countRows(sql, 'SELECT count(*) AS count FROM email_outbox WHERE to_address = $1', [email])).toBe(5);
      clock.advance(55 * minute);
      expect((await browser.post('/api/auth/request-magic-link', { email })).status).toBe(200);
    });

    it('locks code sign-in after 20 wrong codes in a day, while the link still works', async () => {
      const email = 'guesser@example.com';
      const browser = new TestBrowser(app.url);
      for (let challenge = 1; challenge <= 4; challenge++) {
        const { code } = await requestSignInEmail(app.url, browser, email);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        for (let attempt = 1; attempt <= 4; attempt++) {
          const answer = await browser.post('/api/auth/verify-code', { email, code: wrong });
          expect(answer.status).toBe(400);
          expect(answer.body).toEqual({ error: { code: 'invalid_request', message: 'Invalid or expired code' } });
        }
        const limit = {
          error: {
            code: 'rate_limited',
            message:
              challenge < 4
                ? 'Too many wrong codes. Please request a new code.'
                : 'Too many wrong codes for this address today. Use the link in the e-mail, or try the code again tomorrow.',
          },
        };
        // The 5th wrong code (the 20th of the day on the 4th challenge) is answered with the limit itself.
        const fifth = await browser.post('/api/auth/verify-code', { email, code: wrong });
        expect(fifth.status).toBe(429);
        expect(fifth.body).toEqual(limit);
        // And so is every later try, even with the right code.
        const sixth = await browser.post('/api/auth/verify-code', { email, code });
        expect(sixth.status).toBe(429);
        expect(sixth.body).toEqual(limit);
      }
      const fresh = await requestSignInEmail(app.url, browser, email);
      const locked = await browser.post('/api/auth/verify-code', { email, code: fresh.code });
      expect(locked.status).toBe(429);
      expect((await browser.get(`/api/auth/verify?token=${fresh.token}`)).status).toBe(200);

      // The next UTC day, codes work again.
      const now = clock.now();
      clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 0, 1)));
      const tomorrow = await requestSignInEmail(app.url, browser, email);
      expect((await browser.post('/api/auth/verify-code', { email, code: tomorrow.code })).status).toBe(200);
    });

    it('logs out every session of the user', async () => {
      const email = 'two-devices@example.com';
      const laptop = await signInWithCode(app.url, email);
      const phone = await signInWithCode(app.url, email);
      expect(laptop.browser.cookie('woodshed_session')).not.toBe(phone.browser.cookie('woodshed_session'));
      expect(await countRows(sql, 'SELECT count(*) AS count FROM sessions WHERE user_id = $1', [laptop.user.id])).toBe(2);

      const out = await laptop.browser.post('/api/auth/logout', {});
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Logged out' });
      expect(out.headers.getSetCookie()[0]).toMatch(/^woodshed_session=; Max-Age=0;/);
      expect((await laptop.browser.get('/api/auth/me')).status).toBe(401);
      expect((await phone.browser.get('/api/auth/me')).status).toBe(401);
      expect(await countRows(sql, 'SELECT count(*) AS count FROM sessions WHERE user_id = $1', [laptop.user.id])).toBe(0);
      const events = await app.store.readStream(`user-${laptop.user.id}`);
      expect(events.at(-1)).toMatchObject({ type: 'UserSignedOut', data: { userId: laptop.user.id, sessionsEnded: 2 } });
    });

    it('ends a session used a moment ago at once on sign-out, on every device', async () => {
      const email = 'cached-devices@example.com';
      const laptop = await signInWithCode(app.url, email);
      const phone = await signInWithCode(app.url, email);
      // Both sessions are now in this process's session cache (decision 0037).
      expect((await phone.browser.get('/api/auth/me')).status).toBe(200);
      expect((await laptop.browser.get('/api/auth/me')).status).toBe(200);
      expect((await laptop.browser.post('/api/auth/logout', {})).status).toBe(200);
      expect((await phone.browser.get('/api/auth/me')).status).toBe(401);
    });

    it('stops honouring a session ended outside this process within sessionCacheTtlMs', async () => {
      const { browser, user } = await signInWithCode(app.url, 'ended-elsewhere@example.com');
      expect((await browser.get('/api/auth/me')).status).toBe(200);
      // As another API process's sign-out would: the row goes, this process is not told.
      await sql.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      clock.advance(sessionCacheTtlMs);
      expect((await browser.get('/api/auth/me')).status).toBe(401);
    });

    it('answers 401 without a session, and for a forged cookie (which it clears)', async () => {
      expect((await new TestBrowser(app.url).get('/api/auth/me')).status).toBe(401);
      const forged = new TestBrowser(app.url);
      forged.setCookie('woodshed_session', 'A'.repeat(43));
      const me = await forged.get('/api/auth/me');
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
      expect(forged.cookie('woodshed_session')).toBeUndefined();
    });

    it('slides the session: renewed after a day of use, expired after 30 days without', async () => {
      const { browser } = await signInWithCode(app.url, 'sliding@example.com');
      const token = browser.cookie('woodshed_session');
      clock.advance(2 * 24 * 60 * minute);
      const renewed = await browser.get('/api/auth/me');
      expect(renewed.status).toBe(200);
      expect(renewed.headers.getSetCookie()[0]).toMatch(new RegExp(`^woodshed_session=${token}; Max-Age=2592000;`));
      clock.advance(29 * 24 * 60 * minute);
      expect((await browser.get('/api/auth/me')).status).toBe(200);
      clock.advance(30 * 24 * 60 * minute + 1_000);
      expect((await browser.get('/api/auth/me')).status).toBe(401);
    });
    it('names the cookie __Host-woodshed_session and marks it Secure when served over https', async () => {
      const secure = await startTestApp({ sql, clock, config: { authSecret: testAuthSecret, publicUrl: 'https://woodshed.example' } });
      try {
        const email = 'secure@example.com';
        const browser = new TestBrowser(secure.url);
        const { code, link } = await requestSignInEmail(secure.url, browser, email);
        expect(link).toMatch(/^https:\/\/woodshed\.example\/auth\/verify\?token=/);
        const verified = await browser.post('/api/auth/verify-code', { email, code });
        expect(verified.headers.getSetCookie()).toEqual([
          expect.stringMatching(/^__Host-woodshed_session=[A-Za-z0-9_-]{65}; Max-Age=2592000; Expires=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/),
        ]);
        expect((await browser.get('/api/auth/me')).status).toBe(200);
      } finally {
        await secure.stop();
      }
    });
  });
}
