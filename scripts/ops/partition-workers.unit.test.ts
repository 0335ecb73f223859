import { describe, expect, it } from 'vitest';
import { partitionRanges } from './partition-workers';

describe('partitionRanges', () => {
  it('splits the partitions into runs of neighbours, as even as they go, each partition once', () => {
    const all = Array.from({ length: 256 }, (_, index) => index);
    const two = partitionRanges(all, 2);
    expect(two.map((range) => [range[0], range.at(-1), range.length])).toEqual([
      [0, 127, 128],
      [128, 255, 128],
    ]);
    const three = partitionRanges(all, 3);
    expect(three.map((range) => range.length)).toEqual([85, 85, 86]);
    expect(three.flat()).toEqual(all);
  });

  it('gives no worker an empty run when fewer partitions are left than workers', () => {
    expect(partitionRanges([4, 9, 200], 8)).toEqual([[4], [9], [200]]);
  });
});
