import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { PrivacyPolicyScreen } from './privacy-policy-screen';

describe('/privacy-policy (spec 001, 2.5)', () => {
  it('states the figures of spec 001, section 9', () => {
    const { container } = renderScreen(<PrivacyPolicyScreen />, '/privacy-policy');
    const text = container.querySelector('main')?.textContent ?? '';
    for (const figure of [
      'Effective date: October 16, 2025',
      'not for children under 13',
      'up to 16',
      'for as long as your account exists, plus 30 days',
      'between 30 and 90 days',
      'until 90 days after we confirm a deletion request',
      'Backups: up to 90 days',
      'We answer within 45 days',
      'extend this by another 45 days',
    ]) {
      expect(text, figure).toContain(figure);
    }
    expect(Array.from(container.querySelectorAll('time')).map((time) => time.getAttribute('datetime'))).toEqual(['2025-10-16']);
  });
});
