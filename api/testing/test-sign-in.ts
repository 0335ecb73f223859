import type { DevOutboxResponse } from '../features/dev-mailbox/dev-mailbox-router';
import { TestBrowser } from './test-browser';

/** A fixed auth secret for test apps, so no test writes `data/auth-secret`. */
export const testAuthSecret = 'test-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** A clock tests move by hand. */
export interface TestClock {
  now(): Date;
  set(at: Date): void;
  advance(ms: number): void;
}

export function testClock(start = new Date('2025-10-16T09:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** The newest sign-in e-mail to `email`, read through the dev outbox as a browser test would. */
export async function latestSignInEmail(baseUrl: string, email: string): Promise<{ code: string; link: string; token: string }> {
  const outbox = await new TestBrowser(baseUrl).get<DevOutboxResponse>(`/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  const message = outbox.body.messages[0];
  const code = message?.data?.code;
  const link = message?.data?.link;
  if (code === undefined || link === undefined) throw new Error(`No sign-in e-mail to ${email} in the outbox`);
  return { code, link, token: new URL(link).searchParams.get('token') ?? '' };
}

/** Asks for a sign-in e-mail to `email` from `browser` (whatever the answer), then reads the newest one to it. */
export async function requestSignInEmail(baseUrl: string, browser: TestBrowser, email: string): Promise<{ code: string; link: string; token: string }> {
  await browser.post('/api/auth/request-magic-link', { email });
  return latestSignInEmail(baseUrl, email);
}

/** Sign `email` in with a fresh code in a new browser; returns the browser and the user. */
export async function signInWithCode(baseUrl: string, email: string): Promise<{ browser: TestBrowser; user: { id: number; email: string } }> {
  const browser = new TestBrowser(baseUrl);
  const requested = await browser.post('/api/auth/request-magic-link', { email });
  if (requested.status !== 200) throw new Error(`request-magic-link answered ${requested.status}: ${JSON.stringify(requested.body)}`);
  const { code } = await latestSignInEmail(baseUrl, email);
  const verified = await browser.post<{ user: { id: number; email: string } }>('/api/auth/verify-code', { email, code });
  if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { browser, user: verified.body.user };
}
