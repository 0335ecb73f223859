import { describe, expect, it } from 'vitest';
import { SESSION_POLL_ATTEMPTS, SESSION_POLL_INTERVAL_MS, waitForSession } from './wait-for-session';

/** Records every sleep instead of waiting. */
function recordingSleep() {
  const sleeps: number[] = [];
  return { sleeps, sleep: (ms: number) => (sleeps.push(ms), Promise.resolve()) };
}

describe('waitForSession', () => {
  it('uses the spec figures: 10 attempts, 300 ms apart', () => {
    expect(SESSION_POLL_ATTEMPTS).toBe(10);
    expect(SESSION_POLL_INTERVAL_MS).toBe(300);
  });

  it('stops at the first ok answer', async () => {
    const { sleeps, sleep } = recordingSleep();
    let calls = 0;
    const ok = await waitForSession({ hasSession: () => Promise.resolve(++calls === 3), sleep });
    expect(ok).toBe(true);
    expect(calls).toBe(3);
    expect(sleeps).toEqual([300, 300]);
  });

  it('does not wait at all when the session is there at once', async () => {
    const { sleeps, sleep } = recordingSleep();
    expect(await waitForSession({ hasSession: () => Promise.resolve(true), sleep })).toBe(true);
    expect(sleeps).toEqual([]);
  });

  it('gives up after 10 tries with 9 pauses of 300 ms between them', async () => {
    const { sleeps, sleep } = recordingSleep();
    let calls = 0;
    const ok = await waitForSession({ hasSession: () => (calls++, Promise.resolve(false)), sleep });
    expect(ok).toBe(false);
    expect(calls).toBe(10);
    expect(sleeps).toEqual(Array(9).fill(300));
  });

  it('treats a failing call as "not yet" and keeps trying', async () => {
    const { sleep } = recordingSleep();
    let calls = 0;
    const hasSession = () => (++calls < 4 ? Promise.reject(new Error('401: Unauthorized')) : Promise.resolve(true));
    expect(await waitForSession({ hasSession, sleep })).toBe(true);
    expect(calls).toBe(4);
  });

  it('really waits between tries with the default sleep', async () => {
    const started = Date.now();
    let calls = 0;
    const ok = await waitForSession({ hasSession: () => Promise.resolve(++calls === 2), intervalMs: 30 });
    expect(ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
