import { describe, expect, it } from 'vitest';
import { exportLanes } from './export-lanes';

const stem = (id: string, channels: number, drums = false) => ({ id, channels, drums });
const ids = (lanes: ReturnType<typeof exportLanes<ReturnType<typeof stem>>>) => lanes.map((lane) => lane.map((group) => group.map((member) => member.id)));

describe('the export stretch dealt onto one lane per core', () => {
  it('with one lane the groups are those of the live graph: the pitched stems, then the drums', () => {
    const stems = [stem('drums', 2, true), stem('bass', 2), stem('keys', 2)];
    expect(ids(exportLanes(stems, 1))).toEqual([[['bass', 'keys'], ['drums']]]);
  });

  it('deals pitched stems onto the lane with the fewest channels; the drums stay one group, never with a pitched stem', () => {
    // Six mono stems, the bench's: the drums on lane 0, the pitched stems alternate, 3 channels each.
    const mono = ['a', 'b', 'c', 'd', 'e'].map((id) => stem(id, 1));
    expect(ids(exportLanes([...mono, stem('drums', 1, true)], 2))).toEqual([
      [['b', 'd'], ['drums']],
      [['a', 'c', 'e']],
    ]);
    // Six stereo stems: 6 channels on each lane.
    const stereo = ['a', 'b', 'c', 'd', 'e'].map((id) => stem(id, 2));
    expect(ids(exportLanes([stem('drums', 2, true), ...stereo], 2))).toEqual([
      [['b', 'd'], ['drums']],
      [['a', 'c', 'e']],
    ]);
  });

  it('makes no more lanes than stems, and no empty lane', () => {
    expect(ids(exportLanes([stem('bass', 2)], 4))).toEqual([[['bass']]]);
    expect(exportLanes([], 2)).toEqual([]);
    expect(ids(exportLanes([stem('drums', 2, true), stem('bass', 2)], 4))).toEqual([[['drums']], [['bass']]]);
  });
});
