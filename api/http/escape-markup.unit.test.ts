import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escape-markup';

describe('escapeMarkup', () => {
  it('turns the characters that open or close markup into references, and leaves the rest', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;');
    expect(escapeMarkup('Café – ok')).toBe('Café – ok');
  });
});
