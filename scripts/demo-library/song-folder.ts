/** Writes one song's folder under a dot-name (scans skip those) and renames it into place, so none sees half a song. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GeneratedSong } from './generate-song';
import { type StemName, stemNames } from './mixdown';
import { encodeMp3 } from './mp3-encode';

/** kbps per stem: every stem is a mono instrument (the player pans nothing), 96 kbps keeps cymbals clean. */
export const stemBitrates: Record<StemName, number> = { drums: 96, bass: 96, guitar: 96, keys: 96, vocals: 96, fx: 96 };

export async function encodeStems(song: GeneratedSong): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const name of stemNames) files[`${name}.mp3`] = await encodeMp3([song.stems[name]], stemBitrates[name]);
  return files;
}

export async function writeSongFolder(songsDir: string, song: GeneratedSong, stems: Record<string, Uint8Array>): Promise<number> {
  const folder = join(songsDir, song.plan.slug);
  const staging = join(songsDir, `.partial-${song.plan.slug}`);
  await rm(staging, { recursive: true, force: true });
  let bytes = 0;
  const files: [string, Uint8Array | string][] = [...Object.entries(stems), ...Object.entries(song.texts)];
  for (const [path, content] of files) {
    const target = join(staging, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
  }
  await rm(folder, { recursive: true, force: true });
  await rename(staging, folder);
  return bytes;
}
