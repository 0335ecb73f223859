/** Spec 001, 5: refuses only an empty address or one without '@'; the server checks the rest. */
export function isAcceptableNewsletterEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

/** The success toast's text: the server's message when it sends one. */
export function subscribedText(answer: unknown): string {
  const message = typeof answer === 'object' && answer !== null ? (answer as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : 'Thanks for subscribing! New songs and features are on their way to your inbox.';
}
