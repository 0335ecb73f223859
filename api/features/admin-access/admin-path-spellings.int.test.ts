import http from 'node:http';
import Router from '@koa/router';
import { beforeAll, expect, it } from 'vitest';
import { featureRouters } from '../../app';
import type { AppRouter, AppState } from '../../http/app-context';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

/** Every admin call of spec 001 section 7 (as in admin-guard.int.test.ts). */
const adminCalls: Array<[string, string]> = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/usage'],
  ['GET', '/api/admin/user/1/last-songs'],
  ['GET', '/api/admin/email-campaigns'],
  ['POST', '/api/admin/email-campaigns'],
  ['POST', '/api/admin/email-campaigns/1/pause'],
  ['POST', '/api/admin/email-campaigns/1/resume'],
  ['PATCH', '/api/admin/email-campaigns/1/cancel'],
  ['GET', '/api/admin/settings'],
  ['PATCH', '/api/admin/settings'],
];

/** Other spellings of the same letters, which the routers also match: the guard must catch each. */
function caseSpellings(path: string): string[] {
  return [path.toUpperCase(), path.replace('/admin', '/Admin'), path.replace('/api', '/API'), path.replace('/api/admin', '/aPi/ADMIN')];
}

/** Spellings that some layer could read as the same path: refused with 404 before any routing. */
function otherSpellings(path: string): string[] {
  const rest = path.slice('/api/admin'.length); // '/stats', '/user/1/last-songs', ...
  return [
    `/${path}`,
    `/api//admin${rest}`,
    `/api/admin/${rest}`,
    `${path}/`,
    `${path}//`,
    `/api/./admin${rest}`,
    `/api/admin/.${rest}`,
    `/api/songs/../admin${rest}`,
    `/x/../api/admin${rest}`,
    `${path}/.`,
    `/api/%61dmin${rest}`,
    `/%61pi/admin${rest}`,
    `/api/ADM%49N${rest}`,
    `/api/%2e/admin${rest}`,
    `/api/admin%2F${rest.slice(1)}`,
    `/api%2Fadmin${rest}`,
    `/api\\admin${rest}`,
    `/api/admin%5C${rest.slice(1)}`,
  ];
}

/** Answers every admin call with 200, counting how often a handler ran: what a bypass would reach. */
function adminTestRouter(reached: string[]): AppRouter {
  const router = new Router<AppState>();
  for (const [method, path] of adminCalls) {
    router.register(path, [method], (ctx) => {
      reached.push(`${ctx.method} ${ctx.path}`);
      ctx.body = { reached: true };
    });
  }
  return router;
}

interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

/** One request with the path sent byte for byte (fetch would resolve dot segments first). */
function rawRequest(baseUrl: string, method: string, path: string, cookie?: string): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = method === 'GET' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(cookie !== undefined && { cookie }),
          ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What the test admin router's handlers were reached with. */
const reached: string[] = [];

const sessionCookie = (browser: TestBrowser) => `woodshed_session=${browser.cookie('woodshed_session')}`;

describeAppOnEveryDatabase(
  'admin paths spelled every which way',
  // The test router goes first: the real admin routes would answer (or refuse an empty body) before it is reached.
  { config: { authSecret: testAuthSecret, adminEmails: ['first@example.com'] }, routers: (deps) => [adminTestRouter(reached), ...featureRouters(deps)] },
  (env) => {
    let admin: TestBrowser;
    let regular: TestBrowser;
    beforeAll(async () => {
      admin = (await signInWithCode(env.app.url, 'first@example.com')).browser;
      regular = (await signInWithCode(env.app.url, 'regular@example.com')).browser;
    });

    it('lets an admin reach every admin route, in any letter case', async () => {
      reached.length = 0;
      for (const [method, path] of adminCalls) {
        for (const spelling of [path, ...caseSpellings(path)]) {
          const response = await rawRequest(env.app.url, method, spelling, sessionCookie(admin));
          expect(response.status, `${method} ${spelling}`).toBe(200);
        }
      }
      expect(reached).toHaveLength(adminCalls.length * 5);
    });

    it('guards every letter case: 401 without a session, 403 for a non-admin, no handler run', async () => {
      reached.length = 0;
      for (const [method, path] of adminCalls) {
        for (const spelling of caseSpellings(path)) {
          const anonymous = await rawRequest(env.app.url, method, spelling);
          expect(anonymous.status, `${method} ${spelling} without a session`).toBe(401);
          expect(JSON.parse(anonymous.body)).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
          const forbidden = await rawRequest(env.app.url, method, spelling, sessionCookie(regular));
          expect(forbidden.status, `${method} ${spelling} as a non-admin`).toBe(403);
          expect(JSON.parse(forbidden.body)).toEqual({ error: { code: 'forbidden', message: 'Only administrators can do that.' } });
        }
      }
      expect(reached).toEqual([]);
    });

    it('answers every other spelling with the JSON 404, whoever asks, and runs no handler', async () => {
      reached.length = 0;
      for (const [method, path] of adminCalls) {
        for (const spelling of otherSpellings(path)) {
          for (const [who, cookie] of [
            ['anonymous', undefined],
            ['non-admin', sessionCookie(regular)],
            ['admin', sessionCookie(admin)],
          ] as const) {
            const response = await rawRequest(env.app.url, method, spelling, cookie);
            expect(response.status, `${method} ${spelling} as ${who}`).toBe(404);
            expect(response.contentType, `${method} ${spelling}`).toMatch(/^application\/json/);
            expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'not_found' } });
          }
        }
      }
      expect(reached).toEqual([]);
    });

    it('answers unknown /api paths in any letter case with the JSON 404, never the client app', async () => {
      for (const path of ['/API/nothing-here', '/Api/Nothing', '/API', '/api%2Fnothing', '/api/nothing/', '//api']) {
        const response = await rawRequest(env.app.url, 'GET', path);
        expect(response.status, path).toBe(404);
        expect(response.contentType, path).toMatch(/^application\/json/);
        expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'not_found' } });
      }
    });

    it('keeps the routers 405 answer, with their own Allow, in any letter case', async () => {
      for (const path of ['/api/auth/logout', '/API/AUTH/LOGOUT']) {
        const response = await rawRequest(env.app.url, 'GET', path);
        expect(response.status, path).toBe(405);
        expect(JSON.parse(response.body)).toEqual({ error: { code: 'method_not_allowed', message: 'GET is not allowed here.' } });
      }
      const response = await fetch(`${env.app.url}/api/auth/me`, { method: 'DELETE' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('HEAD, GET');
      const unknownMethod = await rawRequest(env.app.url, 'PROPFIND', '/api/auth/me');
      expect(unknownMethod.status).toBe(501);
      expect(JSON.parse(unknownMethod.body)).toMatchObject({ error: { code: 'not_implemented' } });
    });
  },
);

describeAppOnEveryDatabase('log-out spelled every which way', { config: { authSecret: testAuthSecret } }, (env) => {
  it('really ends the session when logout is spelled in another letter case', async () => {
    for (const spelling of ['/API/auth/logout', '/api/AUTH/LOGOUT', '/Api/Auth/Logout']) {
      const { browser } = await signInWithCode(env.app.url, 'leaver@example.com');
      const cookie = sessionCookie(browser);
      const response = await rawRequest(env.app.url, 'POST', spelling, cookie);
      expect(response.status, spelling).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ message: 'Logged out' });
      const me = await rawRequest(env.app.url, 'GET', '/api/auth/me', cookie);
      expect(me.status, `GET /api/auth/me after POST ${spelling}`).toBe(401);
    }
  });

  it('refuses every other spelling of logout and leaves the session alive', async () => {
    const { browser } = await signInWithCode(env.app.url, 'stayer@example.com');
    const cookie = sessionCookie(browser);
    for (const spelling of ['/api//auth/logout', '/api/auth/logout/', '/api/auth/%6Cogout', '/api/./auth/logout', '/api/x/../auth/logout', '//API/auth/logout']) {
      const response = await rawRequest(env.app.url, 'POST', spelling, cookie);
      expect(response.status, spelling).toBe(404);
      expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'not_found' } });
      expect((await rawRequest(env.app.url, 'GET', '/api/auth/me', cookie)).status, `after POST ${spelling}`).toBe(200);
    }
  });
});
