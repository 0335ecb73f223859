import { rateLimitRule } from '../../rate-limits/rate-limit-rule';

/**
 * Privacy requests per client network (IPv4 address or IPv6 /64) per hour. A person files one or
 * two; 10 leaves room for a household or an office behind one address, and stops a script from
 * filling the privacy queue, each of which someone must answer within 45 days.
 */
export const privacyRequestsPerNetwork = rateLimitRule({
  name: 'privacy-request-per-network',
  limit: 10,
  windowMs: 60 * 60_000,
  refusal: 'Too many privacy requests from your network.',
});

/**
 * Privacy requests per e-mail address per UTC day, from any network: stops a distributed script
 * from filing request after request in one person's name. Five covers someone sending a few of
 * the 8 request types on the same day.
 */
export const privacyRequestsPerAddress = rateLimitRule({
  name: 'privacy-request-per-address',
  limit: 5,
  windowMs: 24 * 60 * 60_000,
  refusal: 'Too many privacy requests for this e-mail address today.',
});
