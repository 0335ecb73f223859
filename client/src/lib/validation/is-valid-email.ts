// Deliberately loose: one '@', something on both sides, a dot in the domain, no spaces. The
// server decides for real; this only catches typos before a round trip.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `email` looks like an e-mail address (login and privacy forms, spec 001 section 5). */
export function isValidEmail(email: string): boolean {
  return emailShape.test(email.trim());
}
