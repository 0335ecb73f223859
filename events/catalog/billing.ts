import { z } from 'zod';
import { defineEvent } from './define-event';

/** A pack of credits was paid for (Stripe or the local test checkout). Packs never expire. */
export const CreditsPurchased = defineEvent({
  type: 'CreditsPurchased',
  schemaVersion: 1,
  schema: z.object({
    userId: z.number().int().positive(),
    credits: z.number().int().positive(),
    amountCents: z.number().int().nonnegative(),
    currency: z.string().length(3),
    /** The payment provider's reference (checkout session id), for reconciliation. */
    paymentReference: z.string().min(1),
  }),
});
