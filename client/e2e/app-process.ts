import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eAdminEmails } from './admin-email';
import { freePort } from './free-port';
import { repoRoot } from './repo-root';
import { writeFixtureSongs } from './song-fixtures';
import { groupAlive, signalGroup } from './process-group';

// Generous: a cold start (tsx, PGlite, migrations, projections) on a loaded 2-core machine is slow.
const HEALTH_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LINES_KEPT = 60;

// Browser tests run on a fresh embedded database, never on one the developer or CI configured.
const hermeticallyUnset = [
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'KURRENTDB_URL',
  'PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'SES_FROM_ADDRESS',
  'AWS_REGION',
  'TRUST_PROXY',
];

/** The real app (`scripts/start.ts`) running for browser tests. */
export interface AppProcess {
  /** http://127.0.0.1:{port}, no trailing slash. */
  baseUrl: string;
  /** The origin the app calls itself by (PUBLIC_URL's default, http://localhost:{port}), e.g. in return addresses. */
  publicUrl: string;
  /** The temporary WOODSHED_DATA_DIR; removed by stop(). */
  dataDir: string;
  /** WOODSHED_SONGS_DIR: the one given, or a fresh fixture library removed by stop(). Not scanned. */
  songsDir: string;
  stop(): Promise<void>;
}

export interface StartAppOptions {
  songsDir?: string;
  /** Script to run instead of scripts/start.ts, relative to the repository (e.g. scripts/e2e/start-seedable-app.ts). */
  entry?: string;
  /** Trust one proxy's X-Forwarded-For, so each test browser (launchBrowser sends its own address) is its own
   * network: together the files sign in more than one network's 30 e-mails an hour. */
  trustProxy?: boolean;
  /** More settings for this app only (e.g. CAMPAIGN_START_DELAY_SECONDS), on top of the above. */
  env?: Readonly<Record<string, string>>;
}

/**
 * Starts scripts/start.ts (or `options.entry`) on a free port: NODE_ENV=test, fresh PGlite data dir, {@link e2eAdminEmails}
 * as admins, songs dir unscanned. Resolves once /api/health is 200; on exit or timeout, stops it and throws its last output.
 */
export async function startApp(options: StartAppOptions = {}): Promise<AppProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'woodshed-e2e-'));
  const songsDir = options.songsDir ?? (await writeFixtureSongs());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    WOODSHED_DATA_DIR: dataDir,
    WOODSHED_SONGS_DIR: songsDir,
    ADMIN_EMAILS: e2eAdminEmails.join(','),
  };
  for (const name of hermeticallyUnset) delete env[name];
  // PUBLIC_URL is left to its default, which names the same server by another name.
  const publicUrl = `http://localhost:${port}`;
  if (options.trustProxy) env.TRUST_PROXY = 'true';
  Object.assign(env, options.env);

  // Own process group, so stop() reaches tsx's child as well as npx.
  const child = spawn('npx', ['tsx', options.entry ?? 'scripts/start.ts'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = keepLastLines(child);
  const stop = async () => {
    await stopProcessGroup(child);
    // Retried on ENOTEMPTY and the like, should anything still be closing a file in it.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    if (options.songsDir === undefined) await rm(songsDir, { recursive: true, force: true, maxRetries: 5 });
  };

  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The app did not start for the browser tests: ${reason}\n--- last output of scripts/start.ts ---\n${output().join('\n')}`, { cause: error });
  }
  return { baseUrl, publicUrl, dataDir, songsDir, stop };
}

function keepLastLines(child: ChildProcess): () => string[] {
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim() !== ''));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return () => lines;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`scripts/start.ts exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${baseUrl}/api/health was not 200 within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const pid = child.pid;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  // npx may exit before tsx's node has closed PGlite, still writing in the data directory: wait for
  // the whole group, killing it after the same timeout, and go on after twice that.
  const killAt = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pid) && Date.now() < killAt + STOP_TIMEOUT_MS) {
    if (Date.now() >= killAt) signalGroup(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
