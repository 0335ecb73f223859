import { expect, it } from 'vitest';
import { waitPhrase } from './wait-phrase';

it('says how long to wait in minutes, then hours, always rounding up', () => {
  expect([1, 60, 61, 719, 3540, 3541, 3600, 3601, 7200, 17_999].map(waitPhrase)).toEqual([
    'in a minute',
    'in a minute',
    'in 2 minutes',
    'in 12 minutes',
    'in 59 minutes',
    'in an hour',
    'in an hour',
    'in 2 hours',
    'in 2 hours',
    'in 5 hours',
  ]);
});
