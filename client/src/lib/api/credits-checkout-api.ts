import type { Checkout } from '../../../../contract/purchasing';
import { api } from './api';
import { checkoutAnswer } from './checkout-answer';

/** Credits in one pack, and the one amount the UI buys (spec 000, sections 1 and 7). */
export const CREDIT_PACK_CREDITS = 100;

/**
 * Buying credit packs (spec 000, section 7), both answering `{ url }` where the browser goes to pay:
 * - POST /api/credits/create-checkout, no body: one pack, back to /membership (`credits_purchase=`)
 * - POST /api/credits/purchase `{ credits }`: back to /usage (`purchase=`)
 */
export const creditsCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCreditsCheckout: build.mutation<Partial<Checkout>, void>({
      query: () => ({ url: '/api/credits/create-checkout', method: 'POST' }),
      transformResponse: checkoutAnswer,
    }),
    purchaseCredits: build.mutation<Partial<Checkout>, { credits: number }>({
      query: (body) => ({ url: '/api/credits/purchase', method: 'POST', body }),
      transformResponse: checkoutAnswer,
    }),
  }),
});

export const { useCreateCreditsCheckoutMutation, usePurchaseCreditsMutation } = creditsCheckoutApi;
