/** POST /api/stripe/webhook */
export interface WebhookResponse {
  received: true;
}
