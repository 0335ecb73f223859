import { rateLimitRule } from '../../rate-limits/rate-limit-rule';

/**
 * Newsletter sign-ups per client network (IPv4 address or IPv6 /64) per hour. A visitor signs up
 * once (and again is harmless: it is idempotent); 20 leaves room for a classroom or an office
 * behind one address, and stops a script from pouring addresses into the list.
 */
export const mailingListSignUpsPerNetwork = rateLimitRule({
  name: 'mailing-list-per-network',
  limit: 20,
  windowMs: 60 * 60_000,
  refusal: 'Too many sign-ups from your network.',
});
