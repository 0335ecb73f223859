import { expect, it } from 'vitest';
import { countMailingListSubscribers, mailingListSubscribedAt } from '../../../projections/mailing-list/mailing-list-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { testAuthSecret } from '../../testing/test-sign-in';

describeAppOnEveryDatabase('newsletter sign-up', { config: { authSecret: testAuthSecret } }, (env) => {
  it('subscribes an address once, however often it signs up', async () => {
    const visitor = new TestBrowser(env.app.url);
    const first = await visitor.post('/api/mailing-list/subscribe', { email: 'fan@example.com' });
    const second = await visitor.post('/api/mailing-list/subscribe', { email: '  FAN@example.com ' });
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: "You're on the list! We'll e-mail you when there's news." });
    }
    const events = await env.app.store.readStream('mailing-list-fan@example.com');
    expect(events.map((event) => [event.type, event.data])).toEqual([['MailingListSubscribed', { email: 'fan@example.com' }]]);
    await env.app.projections.waitForPosition('mailing-list', events[0]!.position, { timeoutMs: 5_000 });
    expect(await mailingListSubscribedAt(env.sql, 'fan@example.com')).toBeInstanceOf(Date);
    expect(await countMailingListSubscribers(env.sql)).toBe(1);
  });

  it("refuses what is not an address with the landing page's text", async () => {
    const visitor = new TestBrowser(env.app.url);
    for (const body of [{}, { email: '' }, { email: 'no-at-sign' }]) {
      const response = await visitor.post('/api/mailing-list/subscribe', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'invalid_request', message: 'Please enter a valid email address.' } });
    }
  });
});
