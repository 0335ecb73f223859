import { describe, expect, it } from 'vitest';
import { type ReplayOptionValues, resolveReplayArguments } from './replay-arguments';

const none: ReplayOptionValues = { all: false, fresh: false, compare: false, 'dry-run': false, retry: false, skip: false };

function mistake(values: Partial<ReplayOptionValues>, positionals: string[]): string | undefined {
  const resolved = resolveReplayArguments({ ...none, ...values }, positionals);
  return 'mistake' in resolved ? resolved.mistake : undefined;
}

describe('npm run replay arguments', () => {
  it('rebuilds one named projection, or every one with --all', () => {
    const one = resolveReplayArguments(none, ['usage-bytes-per-user']);
    expect('targets' in one && one.targets.map((projection) => projection.name)).toEqual(['usage-bytes-per-user']);
    const all = resolveReplayArguments({ ...none, all: true }, []);
    expect('targets' in all && all.targets.length).toBeGreaterThan(10);
  });

  it('names an unknown projection, and asks for one name or --all', () => {
    expect(mistake({}, ['no-such-projection'])).toBe('Unknown projection no-such-projection.');
    expect(mistake({}, [])).toBe('Give one projection name, or --all.');
    expect(mistake({}, ['credits', 'users'])).toBe('Give one projection name, or --all.');
    expect(mistake({ all: true }, ['credits'])).toBe('Give a projection name or --all, not both.');
  });

  it('refuses switches that do not go together', () => {
    expect(mistake({ retry: true, skip: true }, ['credits'])).toBe('Choose --retry or --skip, not both.');
    expect(mistake({ fresh: true, skip: true }, ['credits'])).toMatch(/^--fresh starts a rebuild over/);
    expect(mistake({ 'dry-run': true, retry: true }, ['credits'])).toMatch(/^--compare and --dry-run go with a rebuild/);
    expect(mistake({ all: true, retry: true }, [])).toBe('--retry and --skip take one projection name.');
  });

  it('takes --workers as a whole number from 1 to 64', () => {
    for (const workers of ['0', '1.5', 'two', '65', '-1', '']) {
      expect(mistake({ workers }, ['usage-bytes-per-user']), workers).toBe(`--workers takes a whole number from 1 to 64, not ${JSON.stringify(workers)}.`);
    }
    for (const workers of ['1', '64']) {
      const resolved = resolveReplayArguments({ ...none, workers }, ['usage-bytes-per-user']);
      expect('workers' in resolved && resolved.workers, workers).toBe(Number(workers));
    }
  });

  it('refuses --workers with --all, --retry or --skip', () => {
    expect(mistake({ all: true, workers: '2' }, [])).toBe('--workers goes with the rebuild of one projection, not with --all, --retry or --skip.');
    expect(mistake({ skip: true, workers: '2' }, ['usage-bytes-per-user'])).toBe('--workers goes with the rebuild of one projection, not with --all, --retry or --skip.');
    expect(mistake({ retry: true, workers: '2' }, ['usage-bytes-per-user'])).toBe('--workers goes with the rebuild of one projection, not with --all, --retry or --skip.');
  });

  it('refuses --workers on a projection not partitioned by owner, naming those that are', () => {
    for (const projection of ['credits', 'subscription-churn']) {
      const said = mistake({ workers: '2' }, [projection]);
      expect(said).toContain(`${projection} is not partitioned by owner`);
      expect(said).toMatch(/Partitioned: .*usage-bytes-per-user/);
    }
  });
});
