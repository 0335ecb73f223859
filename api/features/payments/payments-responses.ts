/** POST /api/subscription/create-checkout, /api/credits/create-checkout and /api/credits/purchase: where the browser goes to pay. */
export interface CheckoutResponse {
  url: string;
}

/** POST /api/subscription/cancel: access runs until then (ISO 8601). */
export interface CancelSubscriptionResponse {
  subscriptionEndsAt: string;
}

/** GET /api/settings/purchasing (spec 000 section 3). */
export interface PurchasingSettingResponse {
  purchasing_enabled: boolean;
}

/** POST /api/stripe/webhook */
export interface WebhookResponse {
  received: true;
}
