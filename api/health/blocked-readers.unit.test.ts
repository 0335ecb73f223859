import { describe, expect, it } from 'vitest';
import { blockedReadersOf } from './blocked-readers';

const session = { pid: 4242, ageSeconds: 31, state: 'idle in transaction', database: 'test', applicationName: null, query: 'select 1' };
const prepared = { gid: 'stuck-2pc', preparedAt: '2026-11-28T10:00:00.000Z', ageSeconds: 95, owner: 'postgres', database: 'test' };

describe('blocked readers in the health detail', () => {
  it('says nothing when no transaction holds readers back', () => {
    expect(blockedReadersOf({ invisibleEvents: 0, blockingTransaction: null, preparedTransaction: null })).toBeUndefined();
  });

  it('names a prepared transaction, which no session shows', () => {
    expect(blockedReadersOf({ invisibleEvents: 3, blockingTransaction: null, preparedTransaction: prepared })).toEqual({
      invisibleEvents: 3,
      preparedTransaction: { gid: 'stuck-2pc', ageSeconds: 95, database: 'test' },
    });
  });

  it('names the blocking session, and a prepared transaction beside it', () => {
    expect(blockedReadersOf({ invisibleEvents: 2, blockingTransaction: session, preparedTransaction: prepared })).toEqual({
      invisibleEvents: 2,
      blockingTransaction: { pid: 4242, ageSeconds: 31, state: 'idle in transaction' },
      preparedTransaction: { gid: 'stuck-2pc', ageSeconds: 95, database: 'test' },
    });
  });
});
