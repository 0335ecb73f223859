import { hourlyLimit } from '../../rate-limits/rate-limit-rule';

/** Sign-in e-mails per client network (IPv4 or IPv6 /64) per hour: room for an office, a cap on mail to strangers. */
export const signInEmailsPerNetwork = hourlyLimit('sign-in-email-per-network', 30, 'Too many sign-in e-mails from your network.');

/** Failed sign-ins per client network per hour, so one network cannot lock every address with a live code. */
export const signInFailuresPerNetwork = hourlyLimit('sign-in-failure-per-network', 30, 'Too many failed sign-in attempts from your network.');
