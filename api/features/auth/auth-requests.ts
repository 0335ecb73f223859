import { z } from 'zod';

const invalidEmail = 'Please enter a valid email address';

/** An e-mail address, normalised (trimmed, lower-case) before it is checked. */
export const emailInput = z
  .string({ error: invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: invalidEmail }).max(254, { error: invalidEmail }));

/** POST /api/auth/request-magic-link */
export const magicLinkRequest = z.object({ email: emailInput }, { error: invalidEmail });

/** POST /api/auth/verify-code */
export const verifyCodeRequest = z.object(
  {
    email: emailInput,
    code: z
      .string({ error: 'Code must be 6 digits' })
      .trim()
      .length(6, { error: 'Code must be 6 digits' })
      .regex(/^\d+$/, { error: 'Code must contain only numbers' }),
  },
  { error: invalidEmail },
);

/** GET /api/auth/verify?token= */
export const verifyLinkQuery = z.object({
  token: z.string({ error: 'No verification token found' }).min(1, { error: 'No verification token found' }),
});
