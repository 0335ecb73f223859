import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDirectory = fileURLToPath(new URL('../../bench/results/', import.meta.url));

/** Write a bench's figures as bench/results/<name>-<startedAt>.json; returns the path. */
export async function writeBenchResult<T extends { startedAt: string }>(name: string, result: T, directory = resultsDirectory): Promise<string> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, `${name}-${result.startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}.json`);
  await writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}
