import { hourlyLimit } from '../../rate-limits/rate-limit-rule';

/** Newsletter sign-ups per client network per hour: room for an office, not a script pouring addresses into the list. */
export const mailingListSignUpsPerNetwork = hourlyLimit('mailing-list-per-network', 20, 'Too many sign-ups from your network.');
