import type { EmailMessage } from './email-message';

/**
 * Where e-mail finally goes. `ses` hands it to Amazon SES; `console` is the local outbox of
 * development: the message is printed to the terminal and its body kept for the dev mailbox.
 */
export interface EmailSender {
  readonly kind: 'ses' | 'console';
  /** Deliver one message; throwing means "not sent, try again later". */
  send(message: EmailMessage): Promise<void>;
}
