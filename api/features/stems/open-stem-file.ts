import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { openRegularFile, realPathInsideSync, statRegularFileSync } from '../../storage/real-path-inside';

/** A stem file found for serving: size and time from the file itself, not from the read model. */
export interface StemFileStat {
  size: number;
  mtimeNs: bigint;
}

/** A stem file opened for serving. */
export interface OpenStemFile extends StemFileStat {
  handle: FileHandle;
}

/** Whether a request's file name can only name an entry of one folder; refuses escapes before any query. */
export function isPlainFileName(filename: string): boolean {
  if (filename === '' || filename === '.' || filename === '..' || Buffer.byteLength(filename) > 255) return false;
  if (/[/\\\0]/.test(filename)) return false;
  return !path.isAbsolute(filename) && path.basename(filename) === filename;
}

/** Thrown when a stem resolves outside the songs directory (a symlink out of the library). */
export class StemOutsideSongsDirectory extends Error {
  override readonly name = 'StemOutsideSongsDirectory';
  constructor(
    readonly stemPath: string,
    readonly realPath: string,
    readonly songsDirectory: string,
  ) {
    super(`Stem ${stemPath} resolves to ${realPath}, outside the songs directory ${songsDirectory}`);
  }
}

/** Open the stem with symlinks resolved, a regular file inside the real `songsDirectory`; throws `StemOutsideSongsDirectory` on escape. */
export async function openStemFile(stemPath: string, songsDirectory: string): Promise<OpenStemFile | undefined> {
  const realFile = realStemPath(stemPath, songsDirectory);
  return realFile === undefined ? undefined : openRegularFile(realFile);
}

/** As `openStemFile` without opening: size and time, on the calling thread (decision 0042). */
export function statStemFile(stemPath: string, songsDirectory: string): StemFileStat | undefined {
  const realFile = realStemPath(stemPath, songsDirectory);
  return realFile === undefined ? undefined : statRegularFileSync(realFile);
}

/** The symlinks are resolved on the calling thread (`realPathInsideSync`); only the open goes to the pool. */
function realStemPath(stemPath: string, songsDirectory: string): string | undefined {
  const real = realPathInsideSync(stemPath, songsDirectory);
  if (real === 'missing') return undefined;
  if (!real.inside) throw new StemOutsideSongsDirectory(stemPath, real.realFile, real.realDirectory);
  return real.realFile;
}
