/**
 * `npm run rehearse:scale-out [-- --api N] [-- --up]`: the scale-out deployment on this machine
 * (docs/operations.md, "Several API processes"): N API processes (default 2) and two workers on the
 * PostgreSQL server of DATABASE_URL (a fresh schema), nginx in front with deploy/nginx.conf, then
 * the `scale-out` tests against it. `--up` keeps it running until Ctrl-C instead. It stops and
 * removes only what it started, on success, failure and Ctrl-C alike.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryRoot } from '../app/repository-root';
import { clientBuildReason } from '../app/ensure-client-built';
import { benchDatabaseUrl } from '../bench/bench-database';
import { clusterDescriptionVariable } from './cluster-description';
import { type Cluster, startCluster } from './scale-out-cluster';

const { values } = parseArgs({ options: { api: { type: 'string', default: '2' }, up: { type: 'boolean', default: false } } });
const apiCount = Number(values.api);
if (!Number.isInteger(apiCount) || apiCount < 1 || apiCount > 16) {
  console.error('--api must be a whole number from 1 to 16');
  process.exit(2);
}
const log = (line: string) => console.log(`[rehearse:scale-out] ${line}`);

const workDir = await mkdtemp(path.join(tmpdir(), 'woodshed-scale-out-'));
let cluster: Cluster | undefined;
let stopping = false;
/** Stops what the rehearsal started and exits; the processes' logs are kept when something failed. */
async function tearDown(exitCode: number, keepLogs = exitCode !== 0): Promise<never> {
  if (!stopping) {
    stopping = true;
    log('stopping what the rehearsal started ...');
    await cluster?.stop();
    if (keepLogs) log(`logs kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}
// Ctrl-C ends `--up` as asked; during the tests it is an interruption, whose logs are kept.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void tearDown(130, !values.up));

try {
  // Once, before any process starts: N processes finding a stale client would each build it into the same directory.
  const reason = await clientBuildReason(path.join(repositoryRoot, 'client'));
  if (reason !== undefined) {
    log(`building the client once (${reason}) ...`);
    await run('nice', ['-n', '19', 'npm', 'run', 'build']);
  }
  const started = Date.now();
  cluster = await startCluster({ apiCount, databaseUrl: benchDatabaseUrl(), workDir, log });
  const { description } = cluster;
  log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${description.proxyUrl} -> ${description.apis.map((api) => `${api.name} ${api.url}`).join(', ')}; ${description.workers.map((w) => w.name).join(', ')}; schema ${description.databaseSchema}; logs in ${workDir}`);
  const descriptionFile = path.join(workDir, 'cluster.json');
  await writeFile(descriptionFile, JSON.stringify(description, null, 2));
  if (values.up) {
    log('running until Ctrl-C');
    await new Promise(() => undefined);
  }
  const code = await run('nice', ['-n', '19', 'npx', 'vitest', 'run', '--project', 'scale-out'], { [clusterDescriptionVariable]: descriptionFile });
  await tearDown(code === 0 ? 0 : 1);
} catch (error) {
  console.error(error);
  await tearDown(1);
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repositoryRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
