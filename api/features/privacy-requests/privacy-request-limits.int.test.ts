import { expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { testAuthSecret, testClock } from '../../testing/test-sign-in';
import { privacyRequestsPerAddress, privacyRequestsPerNetwork } from './privacy-request-limits';

async function countEvents(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

function request(email: string) {
  return { email, requestType: 'access', description: 'Please send me a copy of my data.' };
}

const clock = testClock();

// A reverse proxy in front of the API (TRUST_PROXY=true): the client's address is the last
// X-Forwarded-For entry, so each test plays clients from several networks.
describeAppOnEveryDatabase('privacy request limits behind a proxy', { config: { authSecret: testAuthSecret, trustedProxies: 1 }, clock }, (env) => {
  const visitor = () => new TestBrowser(env.app.url);
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  it('refuses the 11th request of an hour from one network with 429 and Retry-After, appending nothing', async () => {
    clock.set(new Date('2025-10-16T09:20:00.000Z'));
    expect(privacyRequestsPerNetwork.limit).toBe(10);
    for (let i = 1; i <= 10; i++) {
      const accepted = await visitor().post('/api/privacy/request', request(`person-${i}@example.com`), from('198.51.100.1'));
      expect(accepted.status).toBe(201);
    }
    const before = await countEvents(env.sql);
    const refused = await visitor().post('/api/privacy/request', request('person-11@example.com'), from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2400');
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many privacy requests from your network. Please try again in 40 minutes.' },
    });
    // A forged entry in front of the proxy's own cannot pass for another client.
    const forged = await visitor().post('/api/privacy/request', request('person-12@example.com'), from('203.0.113.9, 198.51.100.1'));
    expect(forged.status).toBe(429);
    expect(await countEvents(env.sql)).toBe(before);

    const otherNetwork = await visitor().post('/api/privacy/request', request('person-11@example.com'), from('198.51.100.2'));
    expect(otherNetwork.status).toBe(201);
    expect(await countEvents(env.sql)).toBe(before + 1);
  });

  it('lets the network in again when the injected clock reaches the next window', async () => {
    clock.set(new Date('2025-10-16T09:59:59.000Z'));
    const lastSecond = await visitor().post('/api/privacy/request', request('late@example.com'), from('198.51.100.1'));
    expect(lastSecond.status).toBe(429);
    expect(lastSecond.headers.get('retry-after')).toBe('1');
    expect(lastSecond.body).toMatchObject({ error: { message: 'Too many privacy requests from your network. Please try again in a minute.' } });

    clock.set(new Date('2025-10-16T10:00:00.000Z'));
    const before = await countEvents(env.sql);
    const nextWindow = await visitor().post('/api/privacy/request', request('late@example.com'), from('198.51.100.1'));
    expect(nextWindow.status).toBe(201);
    expect(await countEvents(env.sql)).toBe(before + 1);
  });

  it('refuses a 6th request of a UTC day for one address, from any network, until midnight', async () => {
    clock.set(new Date('2025-10-16T11:30:00.000Z'));
    expect(privacyRequestsPerAddress.limit).toBe(5);
    for (let i = 1; i <= 5; i++) {
      const accepted = await visitor().post('/api/privacy/request', request('target@example.com'), from(`192.0.2.${i}`));
      expect(accepted.status).toBe(201);
    }
    const before = await countEvents(env.sql);
    const refused = await visitor().post('/api/privacy/request', request(' TARGET@example.com '), from('192.0.2.6'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(12.5 * 3600));
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many privacy requests for this e-mail address today. Please try again in 13 hours.' },
    });
    expect(await countEvents(env.sql)).toBe(before);

    clock.set(new Date('2025-10-17T00:00:00.000Z'));
    const nextDay = await visitor().post('/api/privacy/request', request('target@example.com'), from('192.0.2.6'));
    expect(nextDay.status).toBe(201);
    expect(await countEvents(env.sql)).toBe(before + 1);
  });

  it('does not count invalid requests against the network', async () => {
    clock.set(new Date('2025-10-17T08:00:00.000Z'));
    for (let i = 0; i < 15; i++) {
      const invalid = await visitor().post('/api/privacy/request', { ...request('typo@example'), requestType: 'erase' }, from('198.51.100.50'));
      expect(invalid.status).toBe(400);
    }
    const valid = await visitor().post('/api/privacy/request', request('typo@example.com'), from('198.51.100.50'));
    expect(valid.status).toBe(201);
    const { rows } = await env.sql.query<{ hits: number }>('SELECT hits FROM request_rate_limits WHERE bucket = $1', [
      'privacy-request-per-network:198.51.100.50',
    ]);
    expect(rows.map((row) => Number(row.hits))).toEqual([1]);
  });
});

// No proxy (the default): X-Forwarded-For is the client's own claim and must change nothing.
describeAppOnEveryDatabase('privacy request limits without a proxy', { config: { authSecret: testAuthSecret }, clock }, (env) => {
  it('counts every request from the socket address, whatever X-Forwarded-For says', async () => {
    clock.set(new Date('2025-10-16T09:00:00.000Z'));
    for (let i = 1; i <= 10; i++) {
      const accepted = await new TestBrowser(env.app.url).post('/api/privacy/request', request(`someone-${i}@example.com`), {
        'X-Forwarded-For': `203.0.113.${i}`,
      });
      expect(accepted.status).toBe(201);
    }
    const before = await countEvents(env.sql);
    const refused = await new TestBrowser(env.app.url).post('/api/privacy/request', request('someone-11@example.com'), {
      'X-Forwarded-For': '203.0.113.11',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited', message: 'Too many privacy requests from your network. Please try again in an hour.' } });
    expect(await countEvents(env.sql)).toBe(before);
    const { rows } = await env.sql.query<{ bucket: string; hits: number }>('SELECT bucket, hits FROM request_rate_limits WHERE bucket LIKE $1', [
      'privacy-request-per-network:%',
    ]);
    expect(rows.map((row) => [row.bucket, Number(row.hits)])).toEqual([['privacy-request-per-network:127.0.0.1', 10]]);
  });
});
