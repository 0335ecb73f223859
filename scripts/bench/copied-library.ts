import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What {@link writeCopiedLibrary} made: song folders and stem files, and whether the files are links or copies. */
export interface CopiedLibrary {
  folders: number;
  files: number;
  audioBytes: number;
  linked: boolean;
}

const audio = /\.(mp3|ogg|wav|flac|m4a)$/i;

/**
 * `count` song folders in `songsDir`, made from the song folders of a corpus (`<corpus>/songs`, or the
 * folder itself when it holds them) in turn, each renamed with its number (`0042 Greensleeves`).
 * Files are hard links where the disk allows (2,000 copies of a gigabyte corpus would not fit), copies
 * otherwise; either way every folder is a new song to the scan, with its own names.
 */
export async function writeCopiedLibrary(corpus: string, songsDir: string, count: number): Promise<CopiedLibrary> {
  const inner = path.join(corpus, 'songs');
  const from = (await readdir(corpus)).includes('songs') ? inner : corpus;
  const sources = (await readdir(from, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
  if (sources.length === 0) throw new Error(`No song folders in ${from}`);
  const listings = new Map<string, string[]>();
  for (const source of sources) listings.set(source, (await readdir(path.join(from, source), { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name));
  const width = String(count).length;
  let linked = true;
  let files = 0;
  let audioBytes = 0;
  await mkdir(songsDir, { recursive: true });
  for (let index = 0; index < count; index++) {
    const source = sources[index % sources.length]!;
    const folder = path.join(songsDir, `${String(index + 1).padStart(width, '0')} ${source}`);
    await mkdir(folder);
    for (const name of listings.get(source)!) {
      const original = path.join(from, source, name);
      const copy = path.join(folder, name);
      if (linked) {
        try {
          await link(original, copy);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
          linked = false;
        }
      }
      if (!linked) await copyFile(original, copy);
      files++;
      if (audio.test(name)) audioBytes += (await stat(copy)).size;
    }
  }
  return { folders: count, files, audioBytes, linked };
}
