import { rateLimitRule } from '../../rate-limits/rate-limit-rule';

/**
 * Sign-in e-mails one client network (IPv4 address or IPv6 /64) may ask for per hour, whatever
 * the addresses. A person asks for one to three; 30 leaves room for a classroom or an office
 * behind one address, and caps what one network can mail (bombing strangers' inboxes, spending
 * our sender reputation) at 720 a day instead of 5 per hour for every address there is. The
 * per-address limit (5 per hour, auth-limits.ts) still applies on top.
 */
export const signInEmailsPerNetwork = rateLimitRule({
  name: 'sign-in-email-per-network',
  limit: 30,
  windowMs: 60 * 60_000,
  refusal: 'Too many sign-in e-mails from your network.',
});

/**
 * Failed sign-ins one client network may make per hour: wrong codes (compared with a live code
 * and wrong) and sign-in links that are unknown, used or expired. A person mistypes a code once
 * or twice. Without it, one network could spread guesses over every address with a live code
 * (5 per code, 20 per address and day) and lock the code sign-in of as many addresses as it
 * likes; with it, one network compares at most 30 codes an hour in all and can lock one address
 * (20 wrong codes) every 40 minutes at most. Requests refused before any code is compared (no
 * live code, code used up, address locked) and successful sign-ins do not count.
 */
export const signInFailuresPerNetwork = rateLimitRule({
  name: 'sign-in-failure-per-network',
  limit: 30,
  windowMs: 60 * 60_000,
  refusal: 'Too many failed sign-in attempts from your network.',
});
