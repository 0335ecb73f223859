import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../../events/store/testing/test-sql-clients';
import { countMailingListSubscribers, mailingListSubscribedAt } from '../../../projections/mailing-list/mailing-list-queries';
import { startTestApp } from '../../testing/start-test-app';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../auth/testing/test-browser';
import { testAuthSecret } from '../auth/testing/test-sign-in';

for (const candidate of availableSqlClients()) {
  describe(`newsletter sign-up on ${candidate.name}`, () => {
    let sql: SqlClient;
    let app: TestApp;
    beforeAll(async () => {
      sql = await candidate.open();
      app = await startTestApp({ sql, config: { authSecret: testAuthSecret } });
    });
    afterAll(async () => {
      await app?.stop();
      await sql?.close();
    });

    it('subscribes an address once, however often it signs up', async () => {
      const visitor = new TestBrowser(app.url);
      const first = await visitor.post('/api/mailing-list/subscribe', { email: 'fan@example.com' });
      const second = await visitor.post('/api/mailing-list/subscribe', { email: '  FAN@example.com ' });
      for (const response of [first, second]) {
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ message: "You're on the list! We'll e-mail you when there's news." });
      }
      const events = await app.store.readStream('mailing-list-fan@example.com');
      expect(events.map((event) => [event.type, event.data])).toEqual([['MailingListSubscribed', { email: 'fan@example.com' }]]);
      await app.projections.waitForPosition('mailing-list', events[0]!.position, { timeoutMs: 5_000 });
      expect(await mailingListSubscribedAt(sql, 'fan@example.com')).toBeInstanceOf(Date);
      expect(await countMailingListSubscribers(sql)).toBe(1);
    });

    it("refuses what is not an address with the landing page's text", async () => {
      const visitor = new TestBrowser(app.url);
      for (const body of [{}, { email: '' }, { email: 'no-at-sign' }]) {
        const response = await visitor.post('/api/mailing-list/subscribe', body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: { code: 'invalid_request', message: 'Please enter a valid email address.' } });
      }
    });
  });
}
