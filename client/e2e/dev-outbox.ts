/** A sign-in e-mail as the dev outbox (GET /api/dev/outbox) shows it. */
export interface SignInMail {
  id: number;
  subject: string;
  text: string;
  code: string;
  link: string;
}

interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string | null;
  data: Record<string, string> | null;
}

const WAIT_MS = 10_000;

/** The newest sign-in e-mail to `to` with an id above `after` in the dev outbox, waited for up to 10 s (it is queued). */
export async function newestSignInMail(baseUrl: string, to: string, after = 0): Promise<SignInMail> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}: ${await response.text()}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const newest = messages.find((message) => message.id > after && message.to === to.toLowerCase());
    if (newest) {
      const { code, link } = newest.data ?? {};
      if (!code || !link || !newest.text) throw new Error(`the e-mail to ${to} carries no code and link: ${JSON.stringify(newest)}`);
      return { id: newest.id, subject: newest.subject, text: newest.text, code, link };
    }
    if (Date.now() > deadline) throw new Error(`no sign-in e-mail to ${to} in the dev outbox after ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh address per test, so tests never share an account or a rate limit. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
