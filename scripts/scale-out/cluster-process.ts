import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { groupAlive, signalGroup } from '../../client/e2e/process-group';

/** How long a process may take to settle after SIGTERM before it is killed: the app's own deadline is 30 s. */
const stopTimeoutMs = 35_000;

/** One process the rehearsal started (an API, a worker, nginx), at the lowest CPU priority, in its own process group. */
export class ClusterProcess {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  private constructor(
    readonly name: string,
    readonly logPath: string,
    child: ChildProcess,
  ) {
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Starts `command` under `nice -n 19`, stdout and stderr appended to `logPath`. */
  static start(name: string, command: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; logPath: string }): ClusterProcess {
    const log = openSync(options.logPath, 'a');
    try {
      // Own group: a signal reaches nice's exec'd program and anything it started; the rehearsal's
      // own Ctrl-C does not, so the teardown stops each one in turn.
      const child = spawn('nice', ['-n', '19', ...command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', log, log] });
      return new ClusterProcess(name, options.logPath, child);
    } finally {
      closeSync(log);
    }
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid: it did not start`);
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` to the process (not its group): SIGKILL here is a crash of that process alone. */
  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGTERM (or `signal`), then SIGKILL to the whole group after the app's shutdown deadline. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const pid = this.child.pid;
    if (pid === undefined) return;
    if (this.running) signalGroup(pid, signal);
    const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), stopTimeoutMs);
    await this.exited;
    clearTimeout(timer);
    // Anything left in its group (it has none today) goes with it.
    if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
  }

  /** Resolves once the log holds a line matching `pattern`; rejects when the process exits first or after `timeoutMs`. */
  async waitForLog(pattern: RegExp, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.log()).split('\n').find((line) => pattern.test(line));
      if (found !== undefined) return found;
      if (!this.running) throw new Error(`${this.name} exited before its log said ${pattern}:\n${await this.tail()}`);
      if (Date.now() > deadline) throw new Error(`${this.name}'s log did not say ${pattern} within ${timeoutMs / 1000} s:\n${await this.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The last lines of its log, for an error message. */
  async tail(lines = 30): Promise<string> {
    return (await this.log()).trimEnd().split('\n').slice(-lines).join('\n');
  }

  private async log(): Promise<string> {
    return readFile(this.logPath, 'utf8').catch(() => '');
  }
}
