import { z } from 'zod';
import { subscriptionPlans } from '../../../events/catalog';
import { creditPack, maxCreditsPerPurchase } from './prices';

/** POST /api/subscription/create-checkout: `{ planType }`; an empty body (the limit modal) means monthly. */
export const createSubscriptionCheckoutBody = z.object({ planType: z.enum(subscriptionPlans).default('monthly') }).strict();

/** POST /api/credits/create-checkout: no body (one pack). */
export const createCreditsCheckoutBody = z.object({}).strict();

/** POST /api/credits/purchase: `{ credits }`, whole packs of 100 (the UI sends 100). */
export const purchaseCreditsBody = z
  .object({
    credits: z
      .number()
      .int()
      .min(creditPack.credits, `credits must be at least ${creditPack.credits}`)
      .max(maxCreditsPerPurchase, `credits must be at most ${maxCreditsPerPurchase}`)
      .refine((credits) => credits % creditPack.credits === 0, `credits come in packs of ${creditPack.credits}`),
  })
  .strict();

/** POST /api/subscription/cancel: no body. */
export const cancelSubscriptionBody = z.object({}).strict();

/** A test checkout session id, as the local test checkout makes them. */
export const testCheckoutParams = z.object({ id: z.string().regex(/^cs_test_local_[0-9a-f]{32}$/, 'Unknown test checkout.') });
