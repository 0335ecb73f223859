import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { FeaturesScreen } from './features-screen';

describe('/features (spec 001, 2.5)', () => {
  it('tells about the practice tools', () => {
    renderScreen(<FeaturesScreen />, '/features');
    const practice = screen.getByRole('region', { name: 'Practice tools' });
    expect(within(practice).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Tempo and transpose',
      'A-B loops and the speed trainer',
      'Count-in and click',
      'Export the mix you hear',
      'Offline songs',
      'Practice log',
    ]);
  });
});
