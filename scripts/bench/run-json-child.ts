import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../app/repository-root';

/**
 * Run `entry` in a Node process of its own with `request` as JSON in its first argument; resolves to
 * the JSON it prints on stdout (its stderr passes through). Benches measure in child processes so
 * that one section's heap, pools and timers do not move the next one's figures
 * (docs/archive/benchmarks-history-2026.md, "One process per bench section").
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
