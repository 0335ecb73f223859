import { z } from 'zod';
import { privacyRequestTypes } from '../../../events/catalog';

const invalidEmail = 'Please enter a valid email address';

/** POST /api/privacy/request, with the form's own messages (spec 001 section 5): parse with `report: 'first'`. */
export const privacyRequestInput = z.object(
  {
    email: z
      .string({ error: invalidEmail })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: invalidEmail }).max(254, { error: invalidEmail })),
    requestType: z.enum(privacyRequestTypes, { error: 'Please select a request type' }),
    description: z
      .string({ error: 'Please provide at least 10 characters of detail' })
      .trim()
      .min(10, { error: 'Please provide at least 10 characters of detail' })
      .max(5000, { error: 'Please keep the details under 5,000 characters' }),
  },
  { error: invalidEmail },
);

export type PrivacyRequestInput = z.infer<typeof privacyRequestInput>;
