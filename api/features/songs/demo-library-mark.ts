import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env';

/**
 * The mark a development start keeps in the data directory while it makes the demo library. It
 * says two things: to the next start, that a start stopped half-way and the library is to be
 * finished (the generator is deterministic and replaces a song's folder whole, so making it again
 * gives the same library); to the library screen, that songs are on their way.
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
