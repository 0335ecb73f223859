import { constants, lstatSync, realpathSync } from 'node:fs';
import { type FileHandle, open, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Where a file really is, symlinks resolved, and whether that is inside the real directory. */
export interface RealPath {
  inside: boolean;
  realFile: string;
  realDirectory: string;
}

/** Where `file` really is (symlinks resolved), and whether that is strictly inside the real `directory`; 'missing' when gone. */
export async function realPathInside(file: string, directory: string): Promise<RealPath | 'missing'> {
  let realFile: string;
  let realDirectory: string;
  try {
    [realFile, realDirectory] = await Promise.all([realpath(file), realpath(directory)]);
  } catch (error) {
    if (isMissing(error)) return 'missing';
    throw error;
  }
  return placed(realFile, realDirectory);
}

/** As `realPathInside`, on the calling thread: cheaper than two thread-pool hops for the stem HEAD (decision 0042). */
export function realPathInsideSync(file: string, directory: string): RealPath | 'missing' {
  try {
    return placed(realpathSync.native(file), realpathSync.native(directory));
  } catch (error) {
    if (isMissing(error)) return 'missing';
    throw error;
  }
}

function placed(realFile: string, realDirectory: string): RealPath {
  const relative = path.relative(realDirectory, realFile);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return { inside, realFile, realDirectory };
}

/** Open a regular file `realPathInside` accepted: O_NOFOLLOW (no symlink swapped in), O_NONBLOCK (a FIFO never blocks). Undefined when gone or irregular. */
export async function openRegularFile(realFile: string): Promise<{ handle: FileHandle; size: number; mtimeNs: bigint } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(realFile, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isMissing(error) || (error as { code?: unknown }).code === 'ELOOP') return undefined;
    throw error;
  }
  try {
    const stat = await handle.stat({ bigint: true });
    if (stat.isFile()) return { handle, size: Number(stat.size), mtimeNs: stat.mtimeNs };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

/** Size and mtime of an accepted file without opening it (lstat: no symlink followed); undefined when gone or irregular. */
export function statRegularFileSync(realFile: string): { size: number; mtimeNs: bigint } | undefined {
  let stat;
  try {
    stat = lstatSync(realFile, { bigint: true, throwIfNoEntry: false });
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  return stat?.isFile() ? { size: Number(stat.size), mtimeNs: stat.mtimeNs } : undefined;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
