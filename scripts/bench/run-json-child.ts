import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../app/repository-root';

/** Run `entry` in its own process (JSON in, JSON out), so one section cannot skew the next's figures. */
export function runJsonChild<T>(entry: URL, request: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(entry), JSON.stringify(request)], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code !== 0) return reject(new Error(`${what} failed (${signal ?? `exit code ${code}`}); see its output above`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
      } catch (error) {
        reject(new Error(`${what} printed no result`, { cause: error }));
      }
    });
  });
}
