import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { newEvent } from '../../../../events/catalog';
import type { SongStemFile } from '../../../../events/catalog';
import type { TestApp } from '../../../testing/start-test-app';

/**
 * Two songs written into the app's songs directory (`config.songsDir`, a temporary directory the
 * test made) and catalogued by appending SongCatalogued, as a scan would: the stems are patterned
 * bytes rather than audio, which the scan would rightly refuse as unreadable.
 */
export interface FixtureSongLibrary {
  /** A temporary directory outside the songs directory. */
  root: string;
  songsDirectory: string;
  /** The catalogued song holding every stem below. */
  songId: number;
  /** A second song with its own stem, to try one song's stems under the other's id. */
  otherSongId: number;
  stems: {
    /** Patterned bytes, so every range can be checked byte for byte. */
    bass: FixtureStem;
    /** A name with a space, unicode and a quote. */
    oddName: FixtureStem;
    empty: FixtureStem;
    /** Sparse (costs no disk), far larger than every socket buffer between server and client. */
    large: FixtureStem;
    /** Catalogued, but a symlink to a file outside the songs directory. */
    escapingLink: FixtureStem;
    /** Catalogued, but since deleted from disk. */
    deleted: FixtureStem;
  };
  /** A file of the song folder that is not a stem. */
  lyricsFilename: string;
  /** A stem of the other song only. */
  otherStemFilename: string;
  remove(): Promise<void>;
}

export interface FixtureStem {
  filename: string;
  bytes: number;
  /** The file's content (not kept for the large stem). */
  content?: Buffer;
}

/** Byte i of a patterned stem: never a run of one value, so an off-by-one range shows. */
export function patternedBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8) + 3) % 251;
  return bytes;
}

export async function createFixtureSongLibrary(app: TestApp, options: { largeBytes: number; songId?: number }): Promise<FixtureSongLibrary> {
  // Outside the songs directory: where an escaping symlink points.
  const root = await mkdtemp(path.join(tmpdir(), 'woodshed-stems-outside-'));
  const songsDirectory = app.config.songsDir;
  const folder = path.join(songsDirectory, 'fixture-song');
  const otherFolder = path.join(songsDirectory, 'other-song');
  await rm(folder, { recursive: true, force: true });
  await rm(otherFolder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  await mkdir(otherFolder);

  const bass = { filename: 'bass.mp3', bytes: 100_003, content: patternedBytes(100_003) };
  const oddName = { filename: "lead gu\u00eftar \u2013 'take 2'.ogg", bytes: 5_000, content: patternedBytes(5_000).reverse() };
  const empty = { filename: 'silence.wav', bytes: 0, content: Buffer.alloc(0) };
  const large = { filename: 'drums.flac', bytes: options.largeBytes };
  const escapingLink = { filename: 'keys.m4a', bytes: 11 };
  const deleted = { filename: 'fx.mp3', bytes: 7 };
  for (const stem of [bass, oddName, empty]) await writeFile(path.join(folder, stem.filename), stem.content);
  await writeFile(path.join(folder, large.filename), '');
  await truncate(path.join(folder, large.filename), large.bytes);
  await writeFile(path.join(root, 'secret.m4a'), 'not a stem!');
  await symlink(path.join(root, 'secret.m4a'), path.join(folder, escapingLink.filename));
  await writeFile(path.join(folder, 'lyrics.lrc'), '[00:01.00] la la\n');
  await writeFile(path.join(folder, 'song.json'), '{}');
  await writeFile(path.join(otherFolder, 'vocals.mp3'), patternedBytes(300));

  const stemFile = async (filePath: string, filename: string): Promise<SongStemFile> => {
    const info = await stat(filePath).catch(() => undefined);
    return { filename, bytes: info?.size ?? 7, modifiedAt: (info?.mtime ?? new Date()).toISOString(), durationSeconds: null };
  };
  const stems = [];
  for (const stem of [bass, oddName, empty, large, escapingLink, deleted]) stems.push(await stemFile(path.join(folder, stem.filename), stem.filename));
  stems.sort((a, b) => a.filename.localeCompare(b.filename));

  const songId = options.songId ?? 101;
  const otherSongId = songId + 1;
  const noMetadata = { title: null, genre: null, genre2: null, key: null, bpm: null, difficulty: null };
  const files = (directory: string, songStems: SongStemFile[]) => ({ directory, stems: songStems, durationSeconds: null, hasLyrics: false, chordInstruments: [], sections: [], problems: [] });
  const metadata = (eventId: string) => ({ eventId, occurredAt: new Date().toISOString(), userId: null, requestId: eventId, causationId: eventId, correlationId: eventId });
  const append = (id: number, folderName: string, directory: string, songStems: SongStemFile[]) => {
    const eventId = randomUUID();
    return app.store.append(`song-${id}`, [newEvent('SongCatalogued', { songId: id, folder: folderName, files: files(directory, songStems), metadata: noMetadata }, metadata(eventId))], {
      expectedVersion: 'any',
    });
  };
  await append(songId, 'fixture-song', folder, stems);
  const last = await append(otherSongId, 'other-song', otherFolder, [await stemFile(path.join(otherFolder, 'vocals.mp3'), 'vocals.mp3')]);
  await app.projections.waitForPosition('songs', last.position, { timeoutMs: 15_000 });

  // Sanity: the fixture is what the tests believe it is.
  if (!(await readFile(path.join(folder, bass.filename))).equals(bass.content)) throw new Error('fixture bass stem not written');
  return {
    root,
    songsDirectory,
    songId,
    otherSongId,
    stems: { bass, oddName, empty, large, escapingLink, deleted },
    lyricsFilename: 'lyrics.lrc',
    otherStemFilename: 'vocals.mp3',
    remove: async () => {
      await rm(root, { recursive: true, force: true });
      await rm(songsDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * The fixture library of a describe block: made on the block's app before its first test, removed
 * after its last; the answered function gives it to the tests.
 */
export function fixtureSongLibraryForAll(env: { app: TestApp }, options: { largeBytes: number }): () => FixtureSongLibrary {
  let library: FixtureSongLibrary | undefined;
  beforeAll(async () => {
    library = await createFixtureSongLibrary(env.app, options);
  });
  afterAll(async () => {
    await library?.remove();
  });
  return () => library!;
}
