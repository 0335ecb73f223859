import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoRoot } from './repo-root';

const run = promisify(execFile);

/**
 * Builds client/dist from the current sources, so browser tests never see a stale bundle. NODE_ENV=production, since
 * Vite passes vitest's NODE_ENV=test on, giving a React development build that never ships but `npm start` would serve.
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
