import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/** Why the client needs a build, or undefined when client/dist is current. */
export async function clientBuildReason(clientDir: string): Promise<string | undefined> {
  const builtAt = await modifiedAt(path.join(clientDir, 'dist', 'index.html'));
  if (builtAt === undefined) return 'client/dist/index.html is missing';
  const sources = [
    path.join(clientDir, 'src'),
    path.join(clientDir, 'public'),
    path.join(clientDir, 'index.html'),
    path.join(clientDir, 'vite.config.ts'),
    // The build's own plugins (route manifest, precompression), which vite.config.ts imports.
    path.join(clientDir, '..', 'scripts', 'build'),
  ];
  let newest: { file: string; at: number } | undefined;
  for (const source of sources) {
    const found = await newestFile(source);
    if (found !== undefined && (newest === undefined || found.at > newest.at)) newest = found;
  }
  if (newest !== undefined && newest.at > builtAt) {
    return `${path.relative(clientDir, newest.file)} changed after the last build`;
  }
  return undefined;
}

/** Build the client (in a child process) when client/dist is missing or older than its sources. */
export async function ensureClientBuilt(options: { root: string; logger: Logger }): Promise<void> {
  const clientDir = path.join(options.root, 'client');
  if ((await modifiedAt(path.join(clientDir, 'src'))) === undefined && (await modifiedAt(path.join(clientDir, 'dist', 'index.html'))) === undefined) {
    options.logger.warn('client/src is missing: serving the API without a client');
    return;
  }
  const reason = await clientBuildReason(clientDir);
  if (reason === undefined) {
    options.logger.info('client/dist is up to date');
    return;
  }
  options.logger.info(`building the client (${reason}) ...`);
  const started = Date.now();
  await runViteBuild(options.root);
  options.logger.info(`client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function runViteBuild(root: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  await new Promise<void>((resolve, reject) => {
    // Always the production bundle: Vite passes a non-production NODE_ENV on to it (React's slower
    // development build), and later starts would keep serving that dist.
    const child = spawn(process.execPath, [viteBin, 'build', '--config', 'client/vite.config.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`}); see its output above`));
    });
  });
}

async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function newestFile(entry: string): Promise<{ file: string; at: number } | undefined> {
  let stats;
  try {
    stats = await stat(entry);
  } catch {
    return undefined;
  }
  if (stats.isFile()) return isTestFile(entry) ? undefined : { file: entry, at: stats.mtimeMs };
  if (!stats.isDirectory()) return undefined;
  let newest: { file: string; at: number } | undefined;
  for (const child of await readdir(entry)) {
    const found = await newestFile(path.join(entry, child));
    if (found !== undefined && (newest === undefined || found.at > newest.at)) newest = found;
  }
  return newest;
}

// Tests live beside the code but never reach the bundle; editing one should not cost a rebuild.
function isTestFile(file: string): boolean {
  return /\.(unit|int|e2e)\.test\.[cm]?[jt]sx?$/.test(file);
}
