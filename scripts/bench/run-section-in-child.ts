import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../app/repository-root';
import type { BenchSectionRequest, BenchSectionResult } from './bench-section';

const entry = fileURLToPath(new URL('./bench-section-process.ts', import.meta.url));

/**
 * Run one bench section in a Node process of its own, as `npm run replay` runs in its own: what a
 * section leaves behind (heap, connection pools, a peer's timers) must not move the next one's
 * figures: after the appends section in the same process, the reads measured far slower
 * (docs/archive/benchmarks-history-2026.md, "One process per bench section").
 */
export function runSectionInChild(request: BenchSectionRequest): Promise<BenchSectionResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, JSON.stringify(request)], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`The ${request.section} section failed (${signal ?? `exit code ${code}`}); see its output above`));
        return;
      }
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as BenchSectionResult);
      } catch (error) {
        reject(new Error(`The ${request.section} section printed no result`, { cause: error }));
      }
    });
  });
}
