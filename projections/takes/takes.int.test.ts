import { describe, expect, it } from 'vitest';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { takes } from './takes-projection';
import { latestTakePosition, listTakeChanges, listTakeChangesOfUsers, takeOwners } from './takes-queries';

const position = (index: number) => String(index).padStart(20, '0');
const at = (index: number) => new Date(Date.parse('2025-10-16T09:00:00.000Z') + index * 60_000);
const first = '00000000-0000-4000-8000-00000000a001';
const second = '00000000-0000-4000-8000-00000000a002';
const drummers = '00000000-0000-4000-8000-00000000b001';

const recorded = (userId: number, takeId: string, name: string, fields: Record<string, unknown> = {}) => ({
  type: 'TakeRecorded' as const,
  data: {
    userId,
    takeId,
    songId: 1,
    name,
    recordedAt: '2025-10-16T08:30:00.000Z',
    localDate: '2025-10-16',
    durationSeconds: 61.5,
    startSeconds: 4,
    tempo: 0.75,
    transpose: 2,
    scope: 'song' as const,
    range: null,
    latencySeconds: 0.01,
    ...fields,
  },
  streamId: `takes-user-${userId}`,
});

for (const client of availableSqlClients()) {
  describe(`takes read model (${client.name})`, () => {
    const spec = projectionSpec(takes, client);
    const history = spec.given([
      recorded(7, first, 'First'),
      recorded(7, second, 'Loop pass 2', { scope: 'loop', range: { startSeconds: 10, endSeconds: 18.5 }, startSeconds: 10 }),
      recorded(8, drummers, 'Groove'),
      { type: 'TakeRenamed', data: { userId: 7, takeId: first, name: 'Keeper' }, streamId: 'takes-user-7' },
      { type: 'TakeDeleted', data: { userId: 7, takeId: second }, streamId: 'takes-user-7' },
      // Another user's events naming a take that is not theirs change nothing.
      { type: 'TakeRenamed', data: { userId: 8, takeId: first, name: 'Stolen' }, streamId: 'takes-user-8' },
      { type: 'TakeDeleted', data: { userId: 8, takeId: first }, streamId: 'takes-user-8' },
      recorded(8, first, 'Claimed'),
    ]);

    it('given takes recorded, renamed and deleted, then one row per take with its last change; a deletion is a tombstone; only the owner changes a take', async () => {
      const row = (takeId: string, userId: number, name: string, deleted: boolean, index: number, fields: Record<string, unknown> = {}) => ({
        take_id: takeId,
        user_id: userId,
        song_id: 1,
        name,
        recorded_at: new Date('2025-10-16T08:30:00.000Z'),
        local_date: expect.anything(),
        duration_seconds: 61.5,
        start_seconds: 4,
        tempo: 0.75,
        transpose: 2,
        scope: 'song',
        range_start: null,
        range_end: null,
        latency_seconds: 0.01,
        deleted,
        changed_at: at(index),
        position: position(index),
        ...fields,
      });
      await history.then(
        'takes',
        [
          row(first, 7, 'Keeper', false, 4),
          row(second, 7, 'Loop pass 2', true, 5, { scope: 'loop', range_start: 10, range_end: 18.5, start_seconds: 10 }),
          row(drummers, 8, 'Groove', false, 3),
        ],
        { orderBy: 'take_id' },
      );
    });

    it('given the takes, then change lists page by position per user, owners are known, and the newest position is the last change', async () => {
      await history.thenRead(async (sql) => {
        expect((await listTakeChanges(sql, 7, '', 10)).map((take) => [take.takeId, take.name, take.deleted, take.position])).toEqual([
          [first, 'Keeper', false, position(4)],
          [second, 'Loop pass 2', true, position(5)],
        ]);
        const [keeper] = await listTakeChanges(sql, 7, '', 1);
        expect(keeper).toEqual({
          takeId: first,
          userId: 7,
          songId: 1,
          name: 'Keeper',
          recordedAt: new Date('2025-10-16T08:30:00.000Z'),
          localDate: '2025-10-16',
          durationSeconds: 61.5,
          startSeconds: 4,
          tempo: 0.75,
          transpose: 2,
          scope: 'song',
          range: null,
          latencySeconds: 0.01,
          deleted: false,
          changedAt: at(4),
          position: position(4),
        });
        expect((await listTakeChanges(sql, 7, position(4), 10)).map((take) => [take.takeId, take.range])).toEqual([[second, { startSeconds: 10, endSeconds: 18.5 }]]);
        expect((await listTakeChangesOfUsers(sql, [8, 9], '', 10)).map((take) => [take.userId, take.takeId])).toEqual([[8, drummers]]);
        expect(Object.fromEntries(await takeOwners(sql, [first, drummers, '00000000-0000-4000-8000-0000000000ff']))).toEqual({ [first]: 7, [drummers]: 8 });
        expect(await latestTakePosition(sql)).toBe(position(5));
      });
      await spec.given([]).thenRead(async (sql) => expect(await latestTakePosition(sql)).toBe(''));
    });
  });
}
