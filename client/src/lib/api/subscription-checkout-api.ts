import type { Checkout } from '../../../../contract/purchasing';
import { api } from './api';
import { checkoutAnswer } from './checkout-answer';

/** Pro plans of spec 000, section 1. */
export type PlanType = 'monthly' | 'yearly';

/**
 * POST /api/subscription/create-checkout (spec 000, section 7): body `{ planType }`, answer `{ url }`
 * where the browser goes to pay. Without a plan no body is sent: the Credit Limit Reached modal
 * upgrades that way, and the server takes it as monthly.
 */
export const subscriptionCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSubscriptionCheckout: build.mutation<Partial<Checkout>, { planType?: PlanType }>({
      query: ({ planType }) => ({ url: '/api/subscription/create-checkout', method: 'POST', ...(planType !== undefined && { body: { planType } }) }),
      transformResponse: checkoutAnswer,
    }),
  }),
});

export const { useCreateSubscriptionCheckoutMutation } = subscriptionCheckoutApi;
