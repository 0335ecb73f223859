import { beforeAll, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { featureMiddleware } from '../../app';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

const cookieName = 'woodshed_session';
// The statements of the request-wide middleware (the session lookup): projections and routes
// query the database at the same time, so only what the middleware sends is counted.
const middlewareStatements: string[] = [];

function counting(sql: SqlClient): SqlClient {
  const counted = Object.create(sql) as SqlClient;
  counted.query = (text, params, options) => {
    middlewareStatements.push(text);
    return sql.query(text, params, options);
  };
  return counted;
}

async function statementsOf(request: () => Promise<number>): Promise<{ status: number; statements: number }> {
  middlewareStatements.length = 0;
  const status = await request();
  return { status, statements: middlewareStatements.length };
}

describeAppOnEveryDatabase(
  'a session cookie this server did not sign',
  { config: { authSecret: testAuthSecret }, middleware: (deps) => featureMiddleware({ ...deps, sql: counting(deps.sql) }) },
  (env) => {
    let token: string;
    beforeAll(async () => {
      const { browser } = await signInWithCode(env.app.url, 'signed@example.com');
      token = browser.cookie(cookieName)!;
    });

    const withCookie = (value: string) => async () => {
      const browser = new TestBrowser(env.app.url);
      browser.setCookie(cookieName, value);
      const response = await browser.get('/api/auth/me');
      // Refused cookies are cleared, so the browser stops sending them.
      if (response.status === 401) expect(browser.cookie(cookieName)).toBeUndefined();
      return response.status;
    };

    it('a signed token is looked up in the database and signs the user in', async () => {
      expect(await statementsOf(withCookie(token))).toEqual({ status: 200, statements: 1 });
    });

    it('is refused in memory, with no database statement: an unsigned token of the old shape, a bad tag, garbage', async () => {
      const badTag = `${token.slice(0, 43)}${token[43] === 'A' ? 'B' : 'A'}${token.slice(44)}`;
      for (const forged of ['A'.repeat(43), `${'A'.repeat(43)}${'B'.repeat(22)}`, badTag, `${token}A`, 'not a token']) {
        expect(await statementsOf(withCookie(forged))).toEqual({ status: 401, statements: 0 });
      }
      expect(await statementsOf(async () => (await new TestBrowser(env.app.url).get('/api/auth/me')).status)).toEqual({ status: 401, statements: 0 });
    });
  },
);
