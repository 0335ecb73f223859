import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { TermsOfUseScreen } from './terms-of-use-screen';

describe('/terms-of-use (spec 001, 2.5)', () => {
  it('states the figures of spec 001, section 9', () => {
    const { container } = renderScreen(<TermsOfUseScreen />, '/terms-of-use');
    const text = container.querySelector('main')?.textContent ?? '';
    for (const figure of [
      'Effective date: October 16, 2025',
      'at least 13 years old',
      'the greater of $100 or the amount you paid us in the 12 months',
      'within 30 days of the day you first use',
      'Subscriptions renew automatically',
      'Nevada',
      '$15 per month or $160 per year',
      '$5 for 100 credits',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });
});
