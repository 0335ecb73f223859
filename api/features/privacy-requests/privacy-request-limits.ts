import { hourlyLimit, rateLimitRule } from '../../rate-limits/rate-limit-rule';

/** Privacy requests per client network per hour: room for a household, not a script filling the queue (each must be answered within 45 days). */
export const privacyRequestsPerNetwork = hourlyLimit('privacy-request-per-network', 10, 'Too many privacy requests from your network.');

/** Privacy requests per e-mail address per UTC day, from any network: no flood in one person's name. */
export const privacyRequestsPerAddress = rateLimitRule({
  name: 'privacy-request-per-address',
  limit: 5,
  windowMs: 24 * 60 * 60_000,
  refusal: 'Too many privacy requests for this e-mail address today.',
});
