import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { FeaturesScreen } from './features-screen';

describe('/features (spec 001, 2.5)', () => {
  it('tells about the practice tools', () => {
    const { container } = renderScreen(<FeaturesScreen />, '/features');
    // The section the heading 'Practice tools' names (found by selector: a role query computes the
    // accessible name of every element, slow over a whole page in jsdom).
    const title = Array.from(container.querySelectorAll('section > header > h2')).find((heading) => heading.textContent === 'Practice tools');
    const practice = container.querySelector(`section[aria-labelledby="${title?.id ?? ''}"]`);
    expect(practice).not.toBeNull();
    expect(Array.from(practice!.querySelectorAll('h3')).map((heading) => heading.textContent)).toEqual([
      'Tempo and transpose',
      'A-B loops and the speed trainer',
      'Count-in and click',
      'Export the mix you hear',
      'Offline songs',
      'Practice log',
    ]);
  });
});
