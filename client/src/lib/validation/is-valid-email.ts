import { z } from 'zod/mini';

// The same rule as the server's (zod's e-mail format, at most 254 characters), so an address the
// form accepts is never refused after the round trip. zod/mini keeps the bundle small.
const emailSchema = z.email().check(z.maxLength(254));

/** Whether `email` is an e-mail address the server accepts (login and privacy forms, spec 001 section 5). */
export function isValidEmail(email: string): boolean {
  return emailSchema.safeParse(email.trim()).success;
}
