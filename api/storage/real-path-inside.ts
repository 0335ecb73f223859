import { constants, lstatSync, realpathSync } from 'node:fs';
import { type FileHandle, open, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Where a file really is, symlinks resolved, and whether that is inside the real directory. */
export interface RealPath {
  inside: boolean;
  realFile: string;
  realDirectory: string;
}

/**
 * Where `file` really is, symlinks resolved, and whether that is inside the real `directory` (the
 * directory itself does not count): a link may lead out of it. 'missing' when the file (or a link
 * on its way) is not there.
 */
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

/**
 * As `realPathInside`, on the calling thread: two realpath(3) calls on a local disk take
 * microseconds, less than the two hops through libuv's thread pool and back that the promise
 * form costs a request (the stem route's HEAD, the credit check's hot path, decision 0042).
 */
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

/**
 * Open the regular file `file` for reading after `realPathInside` accepted it. O_NOFOLLOW: the
 * resolved path must not have become a symlink since; O_NONBLOCK: a FIFO would otherwise wait for a
 * writer forever. Undefined when it is gone or not a regular file (checked on the open handle).
 */
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

/**
 * Size and mtime of `file` after `realPathInside` accepted it, without opening it (HEAD). lstat,
 * so a path that became a symlink since is not followed. Undefined when gone or not a regular file.
 */
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
