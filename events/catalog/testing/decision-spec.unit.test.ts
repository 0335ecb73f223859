import { describe, expect, it } from 'vitest';
import type { DecidedEvent, StoredEvent } from '../index';
import { decisionSpec } from './decision-spec';

type Star = DecidedEvent<'SongStarred'>;

const evolve = (starred: ReadonlySet<number>, event: StoredEvent) => (event.type === 'SongStarred' ? new Set([...starred, event.data.songId]) : starred);
function decideStar(starred: ReadonlySet<number>, command: { userId: number; songId: number }): Star[] {
  if (command.songId === 0) throw new RangeError('no song');
  return starred.has(command.songId) ? [] : [{ type: 'SongStarred', data: command }];
}
const star = decisionSpec(decideStar, evolve, new Set<number>());

describe('decisionSpec', () => {
  it('folds the given events before deciding', () => {
    star.given([]).when({ userId: 1, songId: 5 }).then([{ type: 'SongStarred', data: { userId: 1, songId: 5 } }]);
    star.given([{ type: 'SongStarred', data: { userId: 1, songId: 5 } }]).when({ userId: 1, songId: 5 }).then([]);
  });

  it('fails when the decision differs from what the test expects', () => {
    expect(() => star.given([]).when({ userId: 1, songId: 5 }).then([])).toThrow();
    expect(() => star.given([]).when({ userId: 1, songId: 5 }).thenThrows()).toThrow();
  });

  it('checks refusals', () => {
    star.given([]).when({ userId: 1, songId: 0 }).thenThrows(RangeError);
    star.given([]).when({ userId: 1, songId: 0 }).thenThrows('no song');
  });

  it('refuses given or decided events the catalogue would refuse', () => {
    expect(() => star.given([{ type: 'SongStarred', data: { userId: -1, songId: 5 } }])).toThrow();
    expect(() => star.given([]).when({ userId: 0, songId: 5 }).then([{ type: 'SongStarred', data: { userId: 0, songId: 5 } }])).toThrow();
  });
});
