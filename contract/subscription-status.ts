import { z } from 'zod';

/** GET /api/subscription/status (spec 000 sections 3 and 7); without any subscription every field says "none". */
export const subscriptionStatusSchema = z.object({
  hasActiveSubscription: z.boolean(),
  /** The spec's displayed states; null without any subscription. */
  subscriptionStatus: z.enum(['active', 'past_due', 'canceled']).nullable(),
  billingInterval: z.enum(['monthly', 'yearly']).nullable(),
  /** When access ends or renews: the paid period's end (or when it ended); ISO 8601. */
  subscriptionEndsAt: z.string().nullable(),
  /** Cancelled, with access until `subscriptionEndsAt`. */
  canceledButActive: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
