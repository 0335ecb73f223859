import Stripe from 'stripe';

/** How a delivery is signed: Stripe's way by default; tests spoil one part at a time. */
export interface DeliveryOptions {
  secret: string;
  /** Unix seconds the signature claims; default now. */
  timestamp?: number;
  /** Sign this text but send `payload` (a body changed on the way). */
  signedPayload?: string;
}

const signer = new Stripe('sk_test_signer_only');

/** POST a webhook event to the app as Stripe would, signed with the SDK's test-header helper. */
export async function deliverWebhook(appUrl: string, payload: string, options: DeliveryOptions): Promise<{ status: number; body: unknown }> {
  const signature = signer.webhooks.generateTestHeaderString({
    payload: options.signedPayload ?? payload,
    secret: options.secret,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
  const response = await fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}
