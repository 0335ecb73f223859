import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../../app/repository-root';

/** Runs `command` in the repository with only PATH and `env` in its environment. */
export function runInRepository(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: repositoryRoot, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 180_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs an operator command (a file under scripts/) as `npm run` would, without npm. */
export function runOperatorCommand(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return runInRepository(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], env);
}
