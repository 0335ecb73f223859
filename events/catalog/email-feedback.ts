import { z } from 'zod';
import { defineEvent } from './define-event';

/** How SES classed a bounce: only a permanent one means the address will never take mail. */
export const bounceTypes = ['Permanent', 'Transient', 'Undetermined'] as const;

/**
 * SES reported that mail to this (lower-cased) address bounced, at `at` (SES's time of the
 * bounce). Every bounce is recorded; only a `Permanent` one suppresses campaign mail
 * (docs/decisions/0057). One event per address per SNS message: its id derives from the
 * message id, so a redelivered notification appends nothing.
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
