import type { EmailMessage } from './email-message';
import type { EmailSender } from './email-sender';

/** Anything with `write` (process.stdout, or a test's collector). */
export interface TextSink {
  write(text: string): unknown;
}

const rule = '-'.repeat(72);

/** The local outbox's delivery: print to stdout as plain text, not through the logger, whose lines are kept (a live sign-in code). */
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
