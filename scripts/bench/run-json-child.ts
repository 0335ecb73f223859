import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../app/repository-root';

/**
 * Run `entry` in a process of its own, `request` as JSON in its first argument; resolves to the JSON
 * it prints. One section's heap, pools and timers must not move the next one's figures.
 */
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
