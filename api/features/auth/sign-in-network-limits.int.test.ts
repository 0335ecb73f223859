import { expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { latestSignInEmail, testAuthSecret, testClock } from '../../testing/test-sign-in';
import { signInEmailsPerNetwork, signInFailuresPerNetwork } from './sign-in-network-limits';

const clock = testClock();
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

async function outboxSize(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>('SELECT count(*) AS count FROM email_outbox');
  return Number(rows[0]!.count);
}

async function hitsOf(sql: SqlClient, bucket: string): Promise<number> {
  const { rows } = await sql.query<{ hits: number }>('SELECT hits FROM request_rate_limits WHERE bucket = $1', [bucket]);
  return rows.reduce((sum, row) => sum + Number(row.hits), 0);
}

/** A 6-digit code that is not `code`. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

// Behind one proxy (TRUST_PROXY=true), so each test plays clients from several networks.
describeAppOnEveryDatabase('sign-in limits per network', { config: { authSecret: testAuthSecret, trustedProxies: 1 }, clock }, (env) => {
  const visitor = () => new TestBrowser(env.app.url);

  it('sends at most 30 sign-in e-mails an hour to any addresses from one IPv4 network', async () => {
    clock.set(new Date('2025-10-16T09:20:00.000Z'));
    expect(signInEmailsPerNetwork.limit).toBe(30);
    for (let i = 1; i <= 30; i++) {
      const accepted = await visitor().post('/api/auth/request-magic-link', { email: `stranger-${i}@example.com` }, from('198.51.100.1'));
      expect(accepted.status, `request ${i}`).toBe(200);
    }
    const queued = await outboxSize(env.sql);
    const refused = await visitor().post('/api/auth/request-magic-link', { email: 'stranger-31@example.com' }, from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2400');
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many sign-in e-mails from your network. Please try again in 40 minutes.' },
    });
    // A forged entry in front of the proxy's own cannot pass for another network.
    const forged = await visitor().post('/api/auth/request-magic-link', { email: 'stranger-32@example.com' }, from('203.0.113.9, 198.51.100.1'));
    expect(forged.status).toBe(429);
    expect(await outboxSize(env.sql)).toBe(queued);

    const otherNetwork = await visitor().post('/api/auth/request-magic-link', { email: 'stranger-31@example.com' }, from('198.51.100.2'));
    expect(otherNetwork.status).toBe(200);
    expect(await outboxSize(env.sql)).toBe(queued + 1);

    clock.set(new Date('2025-10-16T10:00:00.000Z'));
    const nextHour = await visitor().post('/api/auth/request-magic-link', { email: 'stranger-33@example.com' }, from('198.51.100.1'));
    expect(nextHour.status).toBe(200);
  });

  it('counts every IPv6 address of one /64 as one network', async () => {
    clock.set(new Date('2025-10-16T11:00:00.000Z'));
    for (let i = 1; i <= 30; i++) {
      const address = `2001:db8:1:2:${i.toString(16)}:${((i * 7919) % 65_536).toString(16)}:0:1`;
      const accepted = await visitor().post('/api/auth/request-magic-link', { email: `v6-${i}@example.com` }, from(address));
      expect(accepted.status, address).toBe(200);
    }
    const sameSlash64 = await visitor().post('/api/auth/request-magic-link', { email: 'v6-31@example.com' }, from('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(sameSlash64.status).toBe(429);
    expect(sameSlash64.body).toMatchObject({ error: { code: 'rate_limited' } });
    const nextSlash64 = await visitor().post('/api/auth/request-magic-link', { email: 'v6-31@example.com' }, from('2001:db8:1:3::1'));
    expect(nextSlash64.status).toBe(200);
  });

  it('refuses a network its 31st wrong code of the hour, spread over many addresses, and no other network', async () => {
    clock.set(new Date('2025-10-16T12:10:00.000Z'));
    expect(signInFailuresPerNetwork.limit).toBe(30);
    // Eleven people with live codes, who asked from their own networks.
    const people = Array.from({ length: 11 }, (_, i) => `person-${i}@example.com`);
    for (const [i, email] of people.entries()) {
      expect((await visitor().post('/api/auth/request-magic-link', { email }, from(`192.0.2.${i + 1}`))).status).toBe(200);
    }
    const codes = new Map<string, string>();
    for (const email of people) codes.set(email, (await latestSignInEmail(env.app.url, email)).code);

    // Three wrong codes each on ten addresses: under every per-address limit, 30 guesses in all.
    for (const email of people.slice(0, 10)) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const wrong = await visitor().post('/api/auth/verify-code', { email, code: wrongFor(codes.get(email)!) }, from('198.51.100.66'));
        expect(wrong.status, `${email} attempt ${attempt}`).toBe(400);
      }
    }
    const eleventh = people[10]!;
    const over = await visitor().post('/api/auth/verify-code', { email: eleventh, code: wrongFor(codes.get(eleventh)!) }, from('198.51.100.66'));
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('3000');
    expect(over.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many failed sign-in attempts from your network. Please try again in 50 minutes.' },
    });
    // Refused before the comparison: the eleventh code still has all five attempts.
    const { rows } = await env.sql.query<{ failed_attempts: number }>('SELECT failed_attempts FROM sign_in_challenges WHERE email = $1', [eleventh]);
    expect(rows.map((row) => Number(row.failed_attempts))).toEqual([0]);
    // Even the right code: the network has no failures left to risk.
    expect((await visitor().post('/api/auth/verify-code', { email: eleventh, code: codes.get(eleventh)! }, from('198.51.100.66'))).status).toBe(429);

    // Its owner, on another network, is not affected.
    const owner = await visitor().post('/api/auth/verify-code', { email: eleventh, code: codes.get(eleventh)! }, from('192.0.2.11'));
    expect(owner.status).toBe(200);
    // Neither are the first ten, whose codes still take the right one.
    const first = people[0]!;
    expect((await visitor().post('/api/auth/verify-code', { email: first, code: codes.get(first)! }, from('192.0.2.1'))).status).toBe(200);
  });

  it('counts only wrong codes: right codes and requests with no code to compare use up nothing', async () => {
    clock.set(new Date('2025-10-16T13:05:00.000Z'));
    const network = '198.51.100.77';
    // Forty guesses at addresses that have no live code: nothing is compared, nothing is counted.
    for (let i = 1; i <= 40; i++) {
      const response = await visitor().post('/api/auth/verify-code', { email: `nobody-${i}@example.com`, code: '123456' }, from(network));
      expect(response.status, `guess ${i}`).toBe(400);
      expect(response.body).toEqual({ error: { code: 'invalid_request', message: 'Invalid or expired code' } });
    }
    // Thirty-five people signing in with the right code from one office network.
    for (let i = 1; i <= 35; i++) {
      const email = `colleague-${i}@example.com`;
      expect((await visitor().post('/api/auth/request-magic-link', { email }, from(`203.0.113.${i}`))).status).toBe(200);
      const { code } = await latestSignInEmail(env.app.url, email);
      expect((await visitor().post('/api/auth/verify-code', { email, code }, from(network))).status, email).toBe(200);
    }
    expect(await hitsOf(env.sql, `sign-in-failure-per-network:${network}`)).toBe(0);
  });

  it('counts refused sign-in links against the same budget, and gives a working link its failure back', async () => {
    clock.set(new Date('2025-10-16T14:00:00.000Z'));
    const network = '198.51.100.88';
    const email = 'linker@example.com';
    await visitor().post('/api/auth/request-magic-link', { email }, from('192.0.2.50'));
    const { token } = await latestSignInEmail(env.app.url, email);

    const working = await visitor().get(`/api/auth/verify?token=${token}`, from(network));
    expect(working.status).toBe(200);
    expect(await hitsOf(env.sql, `sign-in-failure-per-network:${network}`)).toBe(0);

    for (let i = 1; i <= 30; i++) {
      const guess = i % 2 === 0 ? `${'A'.repeat(42)}${String.fromCharCode(65 + (i % 26))}` : `not-a-token-${i}`;
      const refused = await visitor().get(`/api/auth/verify?token=${guess}`, from(network));
      expect(refused.status, guess).toBe(400);
    }
    await visitor().post('/api/auth/request-magic-link', { email }, from('192.0.2.50'));
    const fresh = await latestSignInEmail(env.app.url, email);
    const over = await visitor().get(`/api/auth/verify?token=${fresh.token}`, from(network));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'rate_limited', message: 'Too many failed sign-in attempts from your network. Please try again in an hour.' } });
    // Wrong codes and links share the budget.
    const code = await visitor().post('/api/auth/verify-code', { email, code: wrongFor(fresh.code) }, from(network));
    expect(code.status).toBe(429);
    // The link is still good from elsewhere.
    expect((await visitor().get(`/api/auth/verify?token=${fresh.token}`, from('192.0.2.50'))).status).toBe(200);
  });
});
