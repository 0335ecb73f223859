import { describe, expect, it } from 'vitest';
import { takeSamples } from './take-audio';

const chunk = (index: number, offset: number, values: number[]) => ({ index, offset, samples: Float32Array.from(values) });

describe('takeSamples', () => {
  it('copies a take’s frames out of its recording’s chunks, across chunk edges', () => {
    const chunks = [chunk(0, 0, [1, 2, 3, 4]), chunk(1, 4, [5, 6, 7, 8]), chunk(2, 8, [9, 10])];
    expect([...takeSamples({ startFrame: 2, frames: 5 }, chunks)]).toEqual([3, 4, 5, 6, 7]);
    expect([...takeSamples({ startFrame: 0, frames: 10 }, chunks)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('leaves frames no chunk holds silent: a recording cut short keeps what was written', () => {
    expect([...takeSamples({ startFrame: 6, frames: 4 }, [chunk(0, 0, [1, 2, 3, 4]), chunk(1, 4, [5, 6, 7])])]).toEqual([7, 0, 0, 0]);
    expect([...takeSamples({ startFrame: 0, frames: 2 }, [])]).toEqual([0, 0]);
  });
});
