import { describe, expect, it } from 'vitest';
import { isAcceptableNewsletterEmail, subscribedText } from './newsletter-email';

describe('isAcceptableNewsletterEmail', () => {
  it("refuses only an empty address or one without '@'", () => {
    expect(isAcceptableNewsletterEmail('')).toBe(false);
    expect(isAcceptableNewsletterEmail('   ')).toBe(false);
    expect(isAcceptableNewsletterEmail('ana.example.com')).toBe(false);
    expect(isAcceptableNewsletterEmail('ana@example.com')).toBe(true);
    expect(isAcceptableNewsletterEmail('ana@localhost')).toBe(true);
  });
});

describe('subscribedText', () => {
  it("uses the server's message when there is one", () => {
    expect(subscribedText({ message: "You're on the list." })).toBe("You're on the list.");
  });

  it('has its own text otherwise', () => {
    expect(subscribedText(null)).toMatch(/^Thanks for subscribing!/);
    expect(subscribedText({ message: '' })).toMatch(/^Thanks for subscribing!/);
    expect(subscribedText('ok')).toMatch(/^Thanks for subscribing!/);
  });
});
