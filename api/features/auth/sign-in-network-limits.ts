import { hourlyLimit } from '../../rate-limits/rate-limit-rule';

/**
 * Sign-in e-mails per client network (IPv4 address or IPv6 /64) per hour, whatever the addresses:
 * room for an office behind one address, while capping the mail one network can send strangers.
 * The per-address limit (auth-limits.ts) applies on top.
 */
export const signInEmailsPerNetwork = hourlyLimit('sign-in-email-per-network', 30, 'Too many sign-in e-mails from your network.');

/**
 * Failed sign-ins (wrong codes, unknown/used/expired links) per client network per hour. Without
 * it one network could spread guesses over every address with a live code and lock them all.
 * Requests refused before any code is compared, and successful sign-ins, do not count.
 */
export const signInFailuresPerNetwork = hourlyLimit('sign-in-failure-per-network', 30, 'Too many failed sign-in attempts from your network.');
