import { type PurchasingSetting, purchasingSettingSchema } from '../../../../contract/purchasing';
import { answerSchema } from './answer-schema';
import { api } from './api';

/**
 * Whether an administrator has purchasing on, read by every screen and modal that sells something.
 * Never retried (the base query never retries).
 */
export const purchasingSettingApi = api.injectEndpoints({
  endpoints: (build) => ({
    purchasingSetting: build.query<PurchasingSetting, void>({
      query: () => '/api/settings/purchasing',
      responseSchema: answerSchema(purchasingSettingSchema),
    }),
  }),
});

export const { usePurchasingSettingQuery } = purchasingSettingApi;

/**
 * Spec 000, section 3: purchasing is on unless the server definitely says it is off; loading, a
 * failed call or an odd answer all count as on (the server still refuses checkouts when it is off).
 */
export function isPurchasingEnabled(setting: unknown): boolean {
  return !(typeof setting === 'object' && setting !== null && (setting as Partial<PurchasingSetting>).purchasing_enabled === false);
}

/** The toast of spec 000, section 8 shown instead of starting a checkout while purchasing is off. */
export const purchasingUnavailableToast = {
  title: 'Purchasing Temporarily Unavailable',
  description: "We're currently unable to process purchases. Please contact support for assistance.",
} as const;

/** Hook form: whether purchasing is on, per {@link isPurchasingEnabled}. */
export function usePurchasingEnabled(): boolean {
  const { data } = usePurchasingSettingQuery();
  return isPurchasingEnabled(data);
}
