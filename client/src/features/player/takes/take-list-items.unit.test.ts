import { describe, expect, it } from 'vitest';
import type { TakeMetadata } from '../../../lib/takes/take-drafts';
import { formatTakeLength, formatTempo, formatTranspose, nextTakeNumber, takeListItems, takePlacement } from './take-list-items';

const take = (id: string, songId: string, name: string, recordedAt: number): TakeMetadata => ({
  id,
  songId,
  name,
  recordedAt,
  localDate: '2026-11-24',
  durationSeconds: 60,
  startSeconds: 0,
  tempo: 1,
  transpose: 0,
  scope: 'song',
  range: null,
  latencySeconds: 0,
  updatedAt: 0,
});

describe('take list items', () => {
  it('lists one song’s takes newest first, marking those whose audio is on this device', () => {
    const documents = [take('a', '1', 'Take 1', 100), take('b', '2', 'Take 1', 300), take('c', '1', 'Take 2', 200)];
    expect(takeListItems(documents, 1, new Set(['a'])).map((item) => [item.id, item.onDevice])).toEqual([
      ['c', false],
      ['a', true],
    ]);
  });

  it('numbers the next take past the highest "Take N" and past the count', () => {
    expect(nextTakeNumber([])).toBe(1);
    expect(nextTakeNumber([{ name: 'Take 1' }, { name: 'Take 4' }])).toBe(5);
    expect(nextTakeNumber([{ name: 'Keeper' }, { name: 'Best so far' }])).toBe(3);
  });

  it('words tempo, transpose and length as the list shows them', () => {
    expect(formatTempo(0.85)).toBe('85%');
    expect([formatTranspose(2), formatTranspose(-1), formatTranspose(0)]).toEqual(['+2 st', '-1 st', '0 st']);
    expect(formatTakeLength(125.2)).toBe('2:05');
  });

  it('places a take where its metadata says it starts, at the tempo and transpose it was recorded at', () => {
    expect(takePlacement({ startSeconds: 12.25, tempo: 0.8, transpose: -2, durationSeconds: 30 })).toEqual({ startSeconds: 12.25, tempo: 0.8, transpose: -2, duration: 30 });
  });
});
