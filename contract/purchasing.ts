import { z } from 'zod';

/** GET /api/settings/purchasing (spec 000 section 3), and GET and PATCH /api/admin/settings. */
export const purchasingSettingSchema = z.object({ purchasing_enabled: z.boolean() });
export type PurchasingSetting = z.infer<typeof purchasingSettingSchema>;

/** POST /api/subscription/create-checkout, /api/credits/create-checkout and /api/credits/purchase: where the browser goes to pay. */
export const checkoutSchema = z.object({ url: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** POST /api/subscription/cancel: access runs until then (ISO 8601). */
export const cancelSubscriptionSchema = z.object({ subscriptionEndsAt: z.string() });
export type CancelSubscription = z.infer<typeof cancelSubscriptionSchema>;
