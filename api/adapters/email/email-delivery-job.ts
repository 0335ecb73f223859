import type { Logger } from 'pino';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import type { Clock } from '../../clock';
import type { BackgroundJob } from '../../jobs/background-job';
import { claimDueEmails, emailOutboxChannel, markEmailAttemptFailed, markEmailSent } from './email-outbox';
import type { EmailSender } from './email-sender';
import { openOutboxBody } from './outbox-cipher';

export interface EmailDeliveryOptions {
  sql: SqlClient;
  clock: Clock;
  logger: Logger;
  sender: EmailSender;
  /** The outbox key (api/config/auth-secret.ts, purpose `email-outbox`). */
  key: Buffer;
  /** Look for due messages at least this often (retries; missed notifications); default 1,000 ms. */
  pollMs?: number;
  /** Attempts before a message is given up; default 10 (about 40 minutes of retries). */
  maxAttempts?: number;
}

/** The delivery job, plus one delivery pass for callers that drive it themselves (tests, CLI). */
export interface EmailDeliveryJob extends BackgroundJob {
  /** Deliver every message due now (stopping early once `signal` aborts); resolves with how many were handed over. */
  deliverDue(signal?: AbortSignal): Promise<number>;
}

const batchSize = 20;

/** `email-delivery`: hands queued messages to the sender (NOTIFY and a poll); bodies are wiped once SES has them. */
export function createEmailDeliveryJob(options: EmailDeliveryOptions): EmailDeliveryJob {
  const { sql, clock, sender, key } = options;
  const log = options.logger.child({ job: 'email-delivery' });
  const pollMs = options.pollMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 10;

  async function deliverDue(signal?: AbortSignal): Promise<number> {
    let delivered = 0;
    while (!signal?.aborted) {
      const due = await claimDueEmails(sql, { now: clock.now(), limit: batchSize });
      if (due.length === 0) return delivered;
      for (const email of due) {
        let sealed = true;
        try {
          const body = openOutboxBody(key, email.to, email.sealedBody);
          sealed = false;
          await sender.send({ to: email.to, subject: email.subject, text: body.text, html: body.html, ...(body.headers !== undefined && { headers: body.headers }) });
          await markEmailSent(sql, email.id, { now: clock.now(), wipeBody: sender.kind !== 'console' });
          delivered++;
        } catch (error) {
          // A body that cannot be opened (AUTH_SECRET changed) never will be: give up at once.
          const giveUp = sealed || email.attempts >= maxAttempts;
          // The error names what failed (throttling, a rejected address); it never holds the body.
          const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          await markEmailAttemptFailed(sql, email.id, { now: clock.now(), error: reason, giveUp });
          log.warn({ emailId: email.id, attempts: email.attempts, giveUp, reason }, 'e-mail delivery failed');
        }
      }
    }
    return delivered;
  }

  return {
    name: 'email-delivery',
    deliverDue,
    async run(signal) {
      let wake: (() => void) | undefined;
      // A message queued while a pass runs must not wait for the next poll.
      const notified = { meanwhile: false };
      const unlisten = await sql.listen(emailOutboxChannel, () => {
        notified.meanwhile = true;
        wake?.();
      });
      try {
        while (!signal.aborted) {
          notified.meanwhile = false;
          await deliverDue(signal);
          if (notified.meanwhile || signal.aborted) continue;
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              signal.removeEventListener('abort', done);
              wake = undefined;
              resolve();
            };
            const timer = setTimeout(done, pollMs);
            wake = done;
            signal.addEventListener('abort', done, { once: true });
          });
        }
      } finally {
        await unlisten();
      }
    },
  };
}
