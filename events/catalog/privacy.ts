import { z } from 'zod';
import { defineEvent } from './define-event';

/** The eight request types of spec 001 section 3. */
export const privacyRequestTypes = ['access', 'delete', 'correct', 'portability', 'restrict', 'withdraw', 'appeal', 'optout'] as const;
export type PrivacyRequestType = (typeof privacyRequestTypes)[number];

/** A visitor or user asked us to act on their personal data (answered within 45 days). */
export const PrivacyRequestSubmitted = defineEvent({
  type: 'PrivacyRequestSubmitted',
  schemaVersion: 1,
  schema: z.object({
    privacyRequestId: z.uuid(),
    email: z.email(),
    requestType: z.enum(privacyRequestTypes),
    description: z.string().min(10).max(5000),
  }),
});
