import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from './repository-root';
import { groupAlive, signalGroup } from '../../client/e2e/process-group';

// `npm start` may build the client first when client/dist is stale, on a shared 2-core machine.
const startTimeoutMs = 240_000;

interface Started {
  pid: number;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDirs: string[] = [];
const groups: number[] = [];

afterEach(async () => {
  // A failed test must not leave a server behind.
  for (const pid of groups.splice(0)) signalGroup(pid, 'SIGKILL');
  for (const dir of dataDirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** `npm start`, as a terminal runs it: npm, then node, all in a process group of their own. */
async function startNpmStart(dataDir: string, songsDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'debug', WOODSHED_DATA_DIR: dataDir, WOODSHED_SONGS_DIR: songsDir };
  // The embedded database in the fresh data directory, whatever the surrounding tests point at.
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'KURRENTDB_URL', 'PUBLIC_URL']) delete env[name];
  const child = spawn('npm', ['start'], { cwd: repositoryRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error('npm start did not start');
  groups.push(child.pid);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim() !== ''));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { pid: child.pid, lines, exited };
}

async function waitForLine(started: Started, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  let done = false;
  void started.exited.then(() => (done = true));
  while (!started.lines.some((line) => pattern.test(line))) {
    if (done || Date.now() > deadline) throw new Error(`npm start never logged ${pattern}:\n${started.lines.slice(-40).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}


async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map((entry) => path.basename(entry));
}

/** The `msg` of every JSON log line (npm's own lines are not JSON). */
function messages(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      return typeof parsed.msg === 'string' ? [parsed.msg] : [];
    } catch {
      return [];
    }
  });
}

describe('npm start and a stop signal sent to its whole process group', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(
      `${signal} stops it gracefully, as a signal to the app alone does, and leaves no lock`,
      async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'woodshed-graceful-'));
        dataDirs.push(dataDir);
        // Not empty, so the first start does not spend minutes making the demo library.
        const songsDir = path.join(dataDir, 'songs');
        await mkdir(path.join(songsDir, 'placeholder'), { recursive: true });
        const started = await startNpmStart(dataDir, songsDir);
        await waitForLine(started, /Woodshed is running at/);
        expect(await filesUnder(dataDir)).toContain('postmaster.pid');

        // What Ctrl-C in a terminal does, or `kill -TERM -<pgid>`: every process of the group gets it.
        signalGroup(started.pid, signal);
        const { code } = await started.exited;
        // npm exits with the app; wait for the app itself, which may still be closing its files.
        while (groupAlive(started.pid)) await new Promise((resolve) => setTimeout(resolve, 50));

        const logged = messages(started.lines);
        expect(logged).toContain(`${signal} received: shutting down`);
        expect(logged).toContain('stopped');
        expect(logged).not.toContain(`${signal} again: exiting without waiting`);
        expect(code).toBe(0);
        const left = await filesUnder(dataDir);
        expect(left).not.toContain('postmaster.pid');
        expect(left).not.toContain('woodshed-process.lock');
      },
      startTimeoutMs + 60_000,
    );
  }
});
