import type { EmailMessage } from './email-message';
import type { EmailSender } from './email-sender';

/** Anything with `write` (process.stdout, or a test's collector). */
export interface TextSink {
  write(text: string): unknown;
}

const rule = '-'.repeat(72);

/**
 * The local outbox's delivery: print the message to the terminal so a newcomer signs in with the
 * code shown there. Written to stdout as plain text on purpose, not through the structured
 * logger: log lines are shipped and kept, and this text carries a live sign-in code.
 */
export function createConsoleEmailSender(sink: TextSink = process.stdout): EmailSender {
  return {
    kind: 'console',
    async send(message: EmailMessage) {
      const headers = Object.entries(message.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\n`)
        .join('');
      sink.write(`\n${rule}\nE-mail to ${message.to}\nSubject: ${message.subject}\n${headers}\n${message.text.trimEnd()}\n${rule}\n\n`);
    },
  };
}
