import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env';

/**
 * The mark a development start keeps while it makes the demo library: tells the next start to
 * finish a half-made library (the generator is deterministic), and the library screen that songs are coming.
 */
function markPath(dataDir: string): string {
  return path.join(dataDir, 'demo-library-unfinished');
}

/** Whether a start began the demo library in `dataDir` and has not finished it. */
export async function demoLibraryUnfinished(dataDir: string): Promise<boolean> {
  return access(markPath(dataDir)).then(
    () => true,
    () => false,
  );
}

export async function markDemoLibraryStarted(dataDir: string, now: Date): Promise<void> {
  await writeFile(markPath(dataDir), `${now.toISOString()}\n`, { mode: 0o600 });
}

export async function markDemoLibraryFinished(dataDir: string): Promise<void> {
  await rm(markPath(dataDir), { force: true });
}

/**
 * Whether this app is making the demo library now: only a development start makes one, so a mark
 * some other run left behind never tells a production library's users that songs are coming.
 */
export async function preparingDemoLibrary(config: Pick<Config, 'nodeEnv' | 'dataDir'>): Promise<boolean> {
  return config.nodeEnv === 'development' && (await demoLibraryUnfinished(config.dataDir));
}
