import { expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { requestSignInEmail, testAuthSecret } from '../../testing/test-sign-in';

/** Every row of every table of the schema, as text (the event log included). */
async function dumpDatabase(sql: SqlClient): Promise<{ tables: string[]; text: string }> {
  const { rows: tables } = await sql.query<{ tablename: string }>(
    'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const lines: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await sql.query<{ row: string }>(`SELECT t::text AS row FROM "${tablename}" t`);
    for (const { row } of rows) lines.push(`${tablename}: ${row}`);
  }
  return { tables: tables.map((table) => table.tablename), text: lines.join('\n') };
}

/** A 6-digit code standing alone (not inside a longer run of hex digits, such as a hash). */
function containsCode(text: string, code: string): boolean {
  return new RegExp(`(?<![0-9a-fA-F])${code}(?![0-9a-fA-F])`).test(text);
}

describeAppOnEveryDatabase('secrets at rest', { config: { authSecret: testAuthSecret } }, (env) => {
  it('keeps no sign-in code, link token or session token in clear in any table, the event log or the logs', async () => {
    const codes: string[] = [];
    const tokens: string[] = [];
    const email = 'secretive@example.com';

    // Sign up with the code, sign in again with the link, and leave a third e-mail unused.
    const withCode = new TestBrowser(env.app.url);
    const first = await requestSignInEmail(env.app.url, withCode, email);
    expect((await withCode.post('/api/auth/verify-code', { email, code: first.code })).status).toBe(200);
    const withLink = new TestBrowser(env.app.url);
    const second = await requestSignInEmail(env.app.url, withLink, email);
    expect((await withLink.get(`/api/auth/verify?token=${second.token}`)).status).toBe(200);
    const third = await requestSignInEmail(env.app.url, withLink, email);
    codes.push(first.code, second.code, third.code);
    tokens.push(first.token, second.token, third.token);
    for (const browser of [withCode, withLink]) {
      const session = browser.cookie('woodshed_session');
      // 256 random bits and their 128-bit tag (decision 0053): neither part may be stored or logged.
      expect(session).toMatch(/^[A-Za-z0-9_-]{65}$/);
      tokens.push(session!, session!.slice(0, 43));
      expect((await browser.get('/api/auth/me')).status).toBe(200);
    }

    const dump = await dumpDatabase(env.sql);
    expect(dump.tables).toEqual(expect.arrayContaining(['events', 'email_outbox', 'sessions', 'sign_in_challenges', 'accounts']));
    // The dump holds the state the secrets protect: sessions, the live challenge, the sealed e-mails.
    expect(dump.text).toContain('sign_in_challenges: (secretive@example.com');
    expect(dump.text.match(/^email_outbox: /gm)).toHaveLength(3);
    expect(dump.text.match(/^sessions: /gm)).toHaveLength(2);
    const logs = JSON.stringify(env.app.logLines());
    expect(logs).toContain('/api/auth/verify');
    for (const haystack of [dump.text, logs]) {
      for (const code of codes) expect(containsCode(haystack, code), `code ${code}`).toBe(false);
      for (const token of tokens) {
        expect(haystack).not.toContain(token);
        expect(haystack).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
      }
    }
  });
});
