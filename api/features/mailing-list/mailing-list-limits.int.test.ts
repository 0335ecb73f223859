import { expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { countMailingListSubscribers } from '../../../projections/mailing-list/mailing-list-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { testAuthSecret, testClock } from '../../testing/test-sign-in';
import { mailingListSignUpsPerNetwork } from './mailing-list-limits';

async function countEvents(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

const clock = testClock();

describeAppOnEveryDatabase('newsletter sign-up limits behind a proxy', { config: { authSecret: testAuthSecret, trustedProxies: 1 }, clock }, (env) => {
  const signUp = (email: string, ip: string) => new TestBrowser(env.app.url).post('/api/mailing-list/subscribe', { email }, { 'X-Forwarded-For': ip });

  it('refuses the 21st sign-up of an hour from one network with 429 and Retry-After, appending nothing', async () => {
    clock.set(new Date('2025-10-16T09:00:00.000Z'));
    expect(mailingListSignUpsPerNetwork.limit).toBe(20);
    for (let i = 1; i <= 20; i++) expect((await signUp(`fan-${i}@example.com`, '2001:db8:5:6::1')).status).toBe(200);
    const before = await countEvents(env.sql);
    expect(before).toBe(20);

    // Another address of the same IPv6 /64 is the same network.
    const refused = await signUp('fan-21@example.com', '2001:db8:5:6::2');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: 'Too many sign-ups from your network. Please try again in an hour.' } });
    expect(await countEvents(env.sql)).toBe(before);

    const otherNetwork = await signUp('fan-21@example.com', '2001:db8:5:7::1');
    expect(otherNetwork.status).toBe(200);
    expect(await countEvents(env.sql)).toBe(before + 1);
    const [subscribed] = await env.app.store.readStream('mailing-list-fan-21@example.com');
    await env.app.projections.waitForPosition('mailing-list', subscribed!.position, { timeoutMs: 5_000 });
    expect(await countMailingListSubscribers(env.sql)).toBe(21);
  });

  it('lets the network in again in the next window', async () => {
    clock.set(new Date('2025-10-16T09:45:00.000Z'));
    const refused = await signUp('fan-22@example.com', '2001:db8:5:6::1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    clock.set(new Date('2025-10-16T10:00:00.000Z'));
    const before = await countEvents(env.sql);
    expect((await signUp('fan-22@example.com', '2001:db8:5:6::1')).status).toBe(200);
    expect(await countEvents(env.sql)).toBe(before + 1);
  });
});

describeAppOnEveryDatabase('newsletter sign-up limits without a proxy', { config: { authSecret: testAuthSecret }, clock }, (env) => {
  it('ignores X-Forwarded-For and counts the socket address', async () => {
    clock.set(new Date('2025-10-16T09:30:00.000Z'));
    const signUp = (email: string, ip: string) => new TestBrowser(env.app.url).post('/api/mailing-list/subscribe', { email }, { 'X-Forwarded-For': ip });
    for (let i = 1; i <= 20; i++) expect((await signUp(`reader-${i}@example.com`, `203.0.113.${i}`)).status).toBe(200);
    const before = await countEvents(env.sql);
    const refused = await signUp('reader-21@example.com', '203.0.113.21');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1800');
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: 'Too many sign-ups from your network. Please try again in 30 minutes.' } });
    expect(await countEvents(env.sql)).toBe(before);
  });
});
