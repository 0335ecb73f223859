import { describe, expect, it } from 'vitest';
import { runOperatorCommand as run } from './testing/run-operator-command';


// Argument mistakes are found before any storage opens, so nothing here touches a database.
describe('operator command lines', () => {
  it('names an unknown projection, lists the real ones and exits 2', () => {
    const { status, stderr } = run('replay.ts', ['no-such-projection']);
    expect(status).toBe(2);
    expect(stderr).toContain('Unknown projection no-such-projection.');
    expect(stderr).toMatch(/Projections: .*usage-bytes-per-user/);
  });

  it('refuses --workers on a projection not partitioned by owner, naming those that are', () => {
    for (const projection of ['credits', 'subscription-churn']) {
      const { status, stderr } = run('replay.ts', [projection, '--workers', '2']);
      expect(status).toBe(2);
      expect(stderr).toContain(`${projection} is not partitioned by owner`);
      expect(stderr).toMatch(/Partitioned: .*usage-bytes-per-user/);
      expect(stderr).not.toContain('    at ');
    }
  });

  it('refuses --workers values that are not a whole number from 1 to 64', () => {
    for (const workers of ['0', '1.5', 'two', '65']) {
      const { status, stderr } = run('replay.ts', ['usage-bytes-per-user', `--workers=${workers}`]);
      expect(status, workers).toBe(2);
      expect(stderr).toContain(`--workers takes a whole number from 1 to 64, not ${JSON.stringify(workers)}.`);
    }
  });

  it('refuses --workers without a value, and with --all or --skip', () => {
    const missing = run('replay.ts', ['usage-bytes-per-user', '--workers']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Option '--workers <value>' argument missing");
    for (const args of [['--all', '--workers', '2'], ['usage-bytes-per-user', '--skip', '--workers', '2']]) {
      const { status, stderr } = run('replay.ts', args);
      expect(status).toBe(2);
      expect(stderr).toMatch(/--workers goes with the rebuild of one projection|Give a projection name or --all/);
    }
  });

  it('answers an unknown option with the usage, not a stack trace', () => {
    for (const [script, option] of [['replay.ts', '--bogus'], ['projections.ts', '--jsno']] as const) {
      const { status, stderr } = run(script, ['status', option]);
      expect(status).toBe(2);
      expect(stderr).toContain(`Unknown option '${option}'.`);
      expect(stderr).toContain('Usage:');
      expect(stderr).not.toContain('    at ');
    }
  });

  it('prints the usage for --help or -h and exits 0, before it reads the configuration', () => {
    for (const [script, option] of [['replay.ts', '--help'], ['projections.ts', '-h'], ['ops/rebase-positions.ts', '--help']] as const) {
      const { status, stdout } = run(script, [option], { DATABASE_URL: 'mysql://db' });
      expect(status).toBe(0);
      expect(stdout).toContain('Usage:');
    }
  });

  it('lists every configuration problem at once and exits 1', () => {
    const { status, stderr } = run('projections.ts', ['status'], { PORT: 'http', NODE_ENV: 'production', DATABASE_URL: 'mysql://db' });
    expect(status).toBe(1);
    expect(stderr).toContain('Invalid environment (5 problems)');
    expect(stderr).toMatch(/PORT: .*\n.*DATABASE_URL: .*\n.*AUTH_SECRET: .*\n.*SES_FROM_ADDRESS: .*\n.*PUBLIC_URL: /);
  });
});
