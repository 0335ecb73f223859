import { type Checkout, checkoutSchema } from '../../../../contract/purchasing';

/**
 * A checkout call's answer read by the contract. One outside it has no address to go to, which
 * goToCheckout reports in the spec's own words (section 8) rather than as a failed call.
 */
export function checkoutAnswer(answer: unknown): Partial<Checkout> {
  return checkoutSchema.safeParse(answer).data ?? {};
}
