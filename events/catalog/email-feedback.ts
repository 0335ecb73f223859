import { z } from 'zod';
import { defineEvent } from './define-event';

/** How SES classed a bounce: only a permanent one means the address will never take mail. */
export const bounceTypes = ['Permanent', 'Transient', 'Undetermined'] as const;

/**
 * SES reported a bounce for this (lower-cased) address; only a `Permanent` one suppresses campaign
 * mail. The id derives from the SNS message id, so a redelivery appends nothing.
 */
export const EmailBounced = defineEvent({
  type: 'EmailBounced',
  schemaVersion: 1,
  schema: z.object({ email: z.email(), bounceType: z.enum(bounceTypes), at: z.iso.datetime() }),
});

/** The recipient at this (lower-cased) address marked a mail as spam, at `at`; campaign mail stops. */
export const EmailComplained = defineEvent({
  type: 'EmailComplained',
  schemaVersion: 1,
  schema: z.object({ email: z.email(), at: z.iso.datetime() }),
});
