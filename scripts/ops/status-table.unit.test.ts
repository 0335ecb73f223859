import { describe, expect, it } from 'vitest';
import { type OperatorStatus, formatStatusTable } from './status-table';

const status = (overrides: Partial<OperatorStatus>): OperatorStatus => ({
  projection: 'users',
  generation: 2,
  builtWithVersion: 1,
  codeVersion: 1,
  position: '00000000000000000007/00000000000000000042',
  lag: 3,
  state: 'running',
  rebuild: null,
  invisible: 0,
  deadLetters: { count: 0, live: 0, oldestError: null, oldestPosition: null, oldestGeneration: null },
  runner: 'active',
  ...overrides,
});

describe('formatStatusTable', () => {
  it('shows position, lag, state, runner and dead letters per projection', () => {
    expect(formatStatusTable([status({}), status({ projection: 'mailing-list', generation: null, position: '', lag: 0, state: 'not-started', runner: 'none' })])).toBe(
      [
        'projection    generation  position                                   lag  state        runner  dead letters',
        '------------  ----------  -----------------------------------------  ---  -----------  ------  ------------',
        'users         2           00000000000000000007/00000000000000000042  3    running      active  0',
        'mailing-list  -           (start)                                    0    not-started  none    0',
      ].join('\n'),
    );
  });

  it('says why a projection nobody follows does not move, and shows the oldest error of a stalled one', () => {
    const table = formatStatusTable([
      status({ runner: 'none', state: 'stalled', deadLetters: { count: 1, live: 1, oldestError: 'boom\n  at fold', oldestPosition: 'p1', oldestGeneration: { generation: 2, state: 'live' } } }),
    ]);
    expect(table).toContain('users: oldest dead letter at p1: boom at fold');
    expect(table).toContain('runner none: no app or worker follows that projection now');
  });

  it('names the generation of a dead letter, and a half-built generation nobody rebuilds', () => {
    const table = formatStatusTable([
      status({
        state: 'rebuild-interrupted',
        rebuild: { generation: 3, version: 1, position: 'p9', lag: 12, active: false, deadLetters: 0, dryRun: false },
      }),
      status({
        projection: 'mailing-list',
        state: 'rebuild-stalled',
        rebuild: { generation: 5, version: 2, position: 'p3', lag: 4, active: false, deadLetters: 1, dryRun: false },
        deadLetters: { count: 1, live: 0, oldestError: 'bad', oldestPosition: 'p4', oldestGeneration: { generation: 5, state: 'building' } },
      }),
    ]);
    expect(table).toContain('rebuild-interrupted (generation 3 half-built, no rebuild running, lag 12)');
    expect(table).toContain('rebuild-stalled (generation 5 building, stopped on a dead letter, lag 4)');
    expect(table).toContain('1 (1 in generation 5, building)');
    expect(table).toContain('mailing-list: oldest dead letter at p4: bad (generation 5, building)');
    expect(table).toContain('users: generation 3 is half-built and no rebuild runs; `npm run replay -- users` resumes it.');
  });

  it('shows events readers cannot see yet and the transaction holding them back', () => {
    const table = formatStatusTable([status({ lag: 0, invisible: 7 })], {
      invisibleEvents: 9,
      blockingTransaction: { pid: 4242, ageSeconds: 73.5, state: 'idle in transaction', database: 'woodshed', applicationName: 'psql', query: 'UPDATE songs SET x = 1' },
      preparedTransaction: null,
    });
    expect(table).toContain('0 (+7 not visible)');
    expect(table).toContain('9 events are committed but not yet visible to readers');
    expect(table).toContain(
      'Readers are held back by the transaction of pid 4242, open for 73.5 s (idle in transaction, application psql, database woodshed): UPDATE songs SET x = 1.',
    );
    expect(table).toContain('SELECT pg_terminate_backend(4242)');
    expect(formatStatusTable([status({})], { invisibleEvents: 0, blockingTransaction: null, preparedTransaction: null })).not.toContain('visible');
    expect(formatStatusTable([status({})], { invisibleEvents: 1, blockingTransaction: null, preparedTransaction: null })).toContain('1 event is committed but not yet visible');
  });

  it('names a prepared transaction holding readers back, and how to end it', () => {
    const table = formatStatusTable([status({ lag: 0, invisible: 2 })], {
      invisibleEvents: 2,
      blockingTransaction: null,
      preparedTransaction: { gid: "it's-stuck", preparedAt: '2026-03-01T10:00:00.000Z', ageSeconds: 610.2, owner: 'billing', database: 'woodshed' },
    });
    expect(table).toContain("Readers are held back by the prepared transaction 'it's-stuck', prepared 2026-03-01T10:00:00.000Z (610.2 s ago) by billing in database woodshed.");
    expect(table).toContain("End it, connected to woodshed, with ROLLBACK PREPARED 'it''s-stuck' (or COMMIT PREPARED)");
  });
});
