import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { realPathInside } from '../../storage/real-path-inside';

/**
 * The real paths of a song's stems that are regular files inside `songsDirectory`, for the audio
 * analysis to decode: a stem that became a link out of the library (or a pipe, which would block
 * the decoder) since the scan is left out, as the stem route refuses it.
 */
export async function stemFilesInside(directory: string, filenames: readonly string[], songsDirectory: string): Promise<string[]> {
  const files: string[] = [];
  for (const filename of filenames) {
    const real = await realPathInside(path.join(directory, path.basename(filename)), songsDirectory).catch(() => 'missing' as const);
    if (real === 'missing' || !real.inside) continue;
    if ((await lstat(real.realFile).catch(() => undefined))?.isFile()) files.push(real.realFile);
  }
  return files;
}
