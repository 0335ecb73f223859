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
});
