import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoRoot } from './repo-root';

const run = promisify(execFile);

/**
 * Builds client/dist from the current sources, so the browser tests never see a stale bundle.
 *
 * NODE_ENV is forced to production: vitest runs with NODE_ENV=test, and Vite passes a non-production
 * NODE_ENV on to the bundle, which then carries React's development build. The tests would check a
 * bundle that never ships, and `npm start` would later find that dist up to date and serve it.
 */
export async function buildClient(): Promise<void> {
  try {
    await run('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`vite build failed: ${failure.message}\n${failure.stdout ?? ''}${failure.stderr ?? ''}`, { cause: error });
  }
}
