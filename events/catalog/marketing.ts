import { z } from 'zod';
import { defineEvent } from './define-event';

/** An address joined the newsletter from the landing page (first time only: subscribing is idempotent). */
export const MailingListSubscribed = defineEvent({
  type: 'MailingListSubscribed',
  schemaVersion: 1,
  schema: z.object({ email: z.email() }),
});
