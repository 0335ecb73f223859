import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../../events/store/testing/test-sql-clients';
import { startTestApp } from '../../testing/start-test-app';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../../testing/test-browser';
import { testAuthSecret } from '../../testing/test-sign-in';
import type { DevOutboxResponse } from './dev-mailbox-router';

for (const candidate of availableSqlClients()) {
  describe(`dev mailbox on ${candidate.name}`, () => {
    let sql: SqlClient;
    let app: TestApp;
    let production: TestApp;
    let everyInterface: TestApp;
    beforeAll(async () => {
      sql = await candidate.open();
      app = await startTestApp({ sql, config: { authSecret: testAuthSecret } });
      production = await startTestApp({ sql, config: { authSecret: testAuthSecret, nodeEnv: 'production' } });
      everyInterface = await startTestApp({ sql, config: { authSecret: testAuthSecret, host: '0.0.0.0' } });
    });
    afterAll(async () => {
      await everyInterface?.stop();
      await production?.stop();
      await app?.stop();
      await sql?.close();
    });

    it('lists the outbox newest first, as JSON and as a page', async () => {
      const visitor = new TestBrowser(app.url);
      await visitor.post('/api/auth/request-magic-link', { email: 'one@example.com' });
      await visitor.post('/api/auth/request-magic-link', { email: 'two@example.com' });
      await visitor.post('/api/auth/request-magic-link', { email: 'one@example.com' });

      const all = await visitor.get<DevOutboxResponse>('/api/dev/outbox');
      expect(all.status).toBe(200);
      expect(all.body.messages.map((message) => message.to)).toEqual(['one@example.com', 'two@example.com', 'one@example.com']);
      const mine = await visitor.get<DevOutboxResponse>('/api/dev/outbox?to=ONE@example.com');
      expect(mine.body.messages).toHaveLength(2);
      const [newest] = mine.body.messages;
      expect(newest).toEqual({
        id: expect.any(Number),
        to: 'one@example.com',
        subject: 'Your Woodshed sign-in link and code',
        text: expect.stringContaining('The code will expire in 15 minutes.'),
        html: expect.stringContaining('The code will expire in 15 minutes.'),
        data: { code: expect.stringMatching(/^\d{6}$/), link: expect.stringMatching(/^http:\/\/woodshed\.test\/auth\/verify\?token=[A-Za-z0-9_-]{43}$/) },
        // Sign-in mail carries no extra header lines (campaign mail carries List-Unsubscribe).
        headers: {},
        createdAt: expect.any(String),
        sentAt: null,
      });
      expect(newest!.text).toContain(newest!.data!.code);
      expect(newest!.text).toContain(newest!.data!.link);
      expect(newest!.html).toContain(newest!.data!.link);

      const page = await visitor.get<string>('/dev/mailbox');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`Code: <strong>${newest!.data!.code}</strong>`);
      expect(page.body.indexOf('two@example.com')).toBeGreaterThan(page.body.indexOf('one@example.com'));
    });

    it('answers only loopback peers, whatever HOST binds and whatever Host they send', async () => {
      const port = Number(new URL(everyInterface.url).port);
      // Over loopback with a loopback name: the developer's own browser.
      expect(await statusOf('127.0.0.1', port, 'localhost')).toBe(200);
      // The same request from another address of this machine, as a LAN neighbour's would arrive.
      const lanAddress = nonLoopbackAddress();
      expect(await statusOf(lanAddress, port, 'localhost')).toBe(403);
      expect(await statusOf(lanAddress, port, `127.0.0.1:${port}`)).toBe(403);
    });

    it('does not exist in production', async () => {
      const visitor = new TestBrowser(production.url);
      expect((await visitor.get('/api/dev/outbox')).status).toBe(404);
      expect((await visitor.get('/dev/mailbox')).status).toBe(404);
    });
  });
}

/** An IPv4 address of this machine that is not loopback (every CI runner and container has one). */
function nonLoopbackAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
  if (address === undefined) throw new Error('this machine has no non-loopback IPv4 address to connect from');
  return address;
}

/** GET /api/dev/outbox over a connection to `address`, with the Host header a client chose. */
function statusOf(address: string, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: address, port, path: '/api/dev/outbox', headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}
