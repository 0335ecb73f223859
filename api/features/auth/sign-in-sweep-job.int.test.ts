import { pino } from 'pino';
import { expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { runBackgroundJobs } from '../../jobs/run-background-jobs';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { createSignInSweepJob } from './sign-in-sweep-job';
import { TestBrowser } from '../../testing/test-browser';
import { latestSignInEmail, signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';

const day = 24 * 60 * 60_000;
const tables = ['sign_in_requests', 'sign_in_challenges', 'sign_in_failures', 'sessions', 'request_rate_limits'] as const;

async function rowCounts(sql: SqlClient): Promise<Record<(typeof tables)[number], number>> {
  const counts = {} as Record<(typeof tables)[number], number>;
  for (const table of tables) {
    const { rows } = await sql.query<{ count: string | number }>(`SELECT count(*) AS count FROM ${table}`);
    counts[table] = Number(rows[0]!.count);
  }
  return counts;
}

function logSink(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return { logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }), lines };
}

/** A code that is certainly not `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

const clock = testClock();

describeAppOnEveryDatabase('sign-in sweep', { config: { authSecret: testAuthSecret }, clock }, (env) => {
  it('returns at once when stopped during a sweep, not after its ten-minute pause', async () => {
    const stop = new AbortController();
    // The stop arrives while the sweep's first statement runs, as when the app stops just after starting.
    const stoppedMidSweep = new Proxy(env.sql, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<SqlClient['query']>) => {
          stop.abort();
          return target.query(...args);
        };
      },
    });
    const { logger, lines } = logSink();
    await createSignInSweepJob({ sql: stoppedMidSweep, clock, logger }).run(stop.signal);
    expect(stop.signal.aborted).toBe(true);
    expect(lines.filter((line) => line.msg === 'sign-in sweep done')).toHaveLength(1);
  });

  it('deletes exactly the expired rows and keeps the live ones, whose sign-ins still work', async () => {
    const start = new Date('2025-10-16T09:00:00.000Z');
    clock.set(start);
    // Day 1: two sign-ins, an abandoned code with one wrong guess, a privacy request (2 counters).
    const kept = await signInWithCode(env.app.url, 'kept@example.com');
    await signInWithCode(env.app.url, 'gone@example.com');
    const abandoned = new TestBrowser(env.app.url);
    await abandoned.post('/api/auth/request-magic-link', { email: 'abandoned@example.com' });
    const abandonedCode = (await latestSignInEmail(env.app.url, 'abandoned@example.com')).code;
    expect((await abandoned.post('/api/auth/verify-code', { email: 'abandoned@example.com', code: wrongCode(abandonedCode) })).status).toBe(400);
    const filed = await abandoned.post('/api/privacy/request', { email: 'abandoned@example.com', requestType: 'access', description: 'What do you hold about me?' });
    expect(filed.status).toBe(201);

    // Day 21: `kept` uses its session, which pushes its expiry to day 51. `gone` expires on day 31.
    clock.set(new Date(start.getTime() + 20 * day));
    expect((await kept.browser.get('/api/auth/me')).status).toBe(200);

    // Day 31, 10 minutes before the sweep: a live code request with a wrong guess, and live counters.
    clock.set(new Date(start.getTime() + 31 * day - 10 * 60_000));
    const pending = new TestBrowser(env.app.url);
    await pending.post('/api/auth/request-magic-link', { email: 'pending@example.com' });
    const pendingCode = (await latestSignInEmail(env.app.url, 'pending@example.com')).code;
    expect((await pending.post('/api/auth/verify-code', { email: 'pending@example.com', code: wrongCode(pendingCode) })).status).toBe(400);
    expect((await pending.post('/api/mailing-list/subscribe', { email: 'pending@example.com' })).status).toBe(200);

    expect(await rowCounts(env.sql)).toEqual({
      sign_in_requests: 4,
      sign_in_challenges: 2,
      sign_in_failures: 2,
      sessions: 2,
      // Day 1: sign-in e-mails and failures per network, the privacy request's two; day 31: the
      // same two of sign-in and the newsletter's.
      request_rate_limits: 7,
    });

    clock.set(new Date(start.getTime() + 31 * day));
    const { logger, lines } = logSink();
    const job = createSignInSweepJob({ sql: env.sql, clock, logger });
    expect(await job.sweep()).toEqual({ signInRequests: 3, signInChallenges: 1, signInFailures: 1, sessions: 1, rateLimitWindows: 4 });
    expect(await rowCounts(env.sql)).toEqual({
      sign_in_requests: 1,
      sign_in_challenges: 1,
      sign_in_failures: 1,
      sessions: 1,
      request_rate_limits: 3,
    });
    expect(await job.sweep()).toEqual({ signInRequests: 0, signInChallenges: 0, signInFailures: 0, sessions: 0, rateLimitWindows: 0 });

    // What was kept still works: the live session, and the pending code.
    const me = await kept.browser.get<{ id: number; email: string }>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: kept.user.id, email: 'kept@example.com' });
    const verified = await pending.post('/api/auth/verify-code', { email: 'pending@example.com', code: pendingCode });
    expect(verified.status).toBe(200);

    // The log says how many rows went, and nothing about whose.
    const done = lines.filter((line) => line.msg === 'sign-in sweep done');
    expect(done.map((line) => line.removed)).toEqual([
      { signInRequests: 3, signInChallenges: 1, signInFailures: 1, sessions: 1, rateLimitWindows: 4 },
      { signInRequests: 0, signInChallenges: 0, signInFailures: 0, sessions: 0, rateLimitWindows: 0 },
    ]);
    expect(JSON.stringify(lines)).not.toContain('@example.com');
  });

  it('works through a backlog in small batches', async () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    clock.set(now);
    await env.sql.query('DELETE FROM sign_in_requests');
    await env.sql.query('DELETE FROM sessions');
    await env.sql.query(
      `INSERT INTO sign_in_requests (email, requested_at)
       SELECT 'backlog-' || n || '@example.com', $1::timestamptz - n * interval '1 minute' FROM generate_series(1, 10) AS n`,
      [new Date(now.getTime() - 2 * 60 * 60_000)],
    );
    await env.sql.query(
      `INSERT INTO sign_in_requests (email, requested_at)
       SELECT 'recent-' || n || '@example.com', $1::timestamptz - n * interval '1 minute' FROM generate_series(1, 3) AS n`,
      [now],
    );
    await env.sql.query(
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
       SELECT decode(md5('expired-' || n), 'hex'), n, $1, $1::timestamptz + n * interval '1 second', $1 FROM generate_series(1, 7) AS n`,
      [new Date(now.getTime() - 31 * day)],
    );
    const job = createSignInSweepJob({ sql: env.sql, clock, logger: pino({ level: 'silent' }), batchSize: 3 });
    expect(await job.sweep()).toMatchObject({ signInRequests: 10, sessions: 7 });
    expect(await rowCounts(env.sql)).toMatchObject({ sign_in_requests: 3, sessions: 0 });
  });

  it('sweeps every interval under the background job runner until stopped', async () => {
    clock.set(new Date('2026-04-01T12:00:00.000Z'));
    await env.sql.query(`INSERT INTO sign_in_failures (email, day, failures) VALUES ('old@example.com', '2026-03-31', 3), ('today@example.com', '2026-04-01', 2)`);
    const { logger, lines } = logSink();
    const job = createSignInSweepJob({ sql: env.sql, clock, logger, intervalMs: 20 });
    const jobs = runBackgroundJobs({ jobs: [job], sql: env.sql, logger: pino({ level: 'silent' }) });
    const deadline = Date.now() + 10_000;
    while (lines.filter((line) => line.msg === 'sign-in sweep done').length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await jobs.stop();
    const sweeps = lines.filter((line) => line.msg === 'sign-in sweep done').map((line) => (line.removed as { signInFailures: number }).signInFailures);
    expect(sweeps.length).toBeGreaterThanOrEqual(3);
    expect(sweeps.slice(0, 3)).toEqual([1, 0, 0]);
    const { rows } = await env.sql.query<{ email: string }>('SELECT email FROM sign_in_failures');
    expect(rows).toEqual([{ email: 'today@example.com' }]);
  });
});
