import { describe, expect, it } from 'vitest';
import { runOperatorCommand as run } from './testing/run-operator-command';


// Argument mistakes are found before any storage opens, so nothing here touches a database. Which
// mistakes the replay's arguments can hold is checked in replay-arguments.unit.test.ts; here, that a
// mistake reaches the operator as a message, the usage and an exit code.
describe('operator command lines', () => {
  it('names an unknown projection, lists the real ones and exits 2', () => {
    const { status, stderr } = run('replay.ts', ['no-such-projection']);
    expect(status).toBe(2);
    expect(stderr).toContain('Unknown projection no-such-projection.');
    expect(stderr).toMatch(/Projections: .*usage-bytes-per-user/);
  });

  it('refuses --workers without a value, and a value out of range, with the usage', () => {
    const missing = run('replay.ts', ['usage-bytes-per-user', '--workers']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Option '--workers <value>' argument missing");
    const outOfRange = run('replay.ts', ['usage-bytes-per-user', '--workers=65']);
    expect(outOfRange.status).toBe(2);
    expect(outOfRange.stderr).toContain('--workers takes a whole number from 1 to 64, not "65".');
    expect(outOfRange.stderr).toContain('Usage:');
    expect(outOfRange.stderr).not.toContain('    at ');
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
