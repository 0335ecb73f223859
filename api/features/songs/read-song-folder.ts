import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { z } from 'zod';
import {
  type SongFileMetadata,
  type SongFolderFiles,
  type SongProblem,
  type SongStemFile,
  songSectionSchema,
} from '../../../events/catalog';
import { realPathInside } from '../../storage/real-path-inside';
import { emptySongMetadata, parseSongJson } from './song-json';

/** Extensions of stem files (docs/song-folder-format.md), compared lower-cased. */
export const stemExtensions = ['.mp3', '.ogg', '.wav', '.flac', '.m4a'] as const;

/** Chord file names the API can serve: `chords/<instrument>.txt` with a plain instrument name. */
export const chordInstrumentName = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** What a scan reads from one song folder. */
export interface ScannedSongFolder {
  files: SongFolderFiles;
  metadata: SongFileMetadata;
}

const sectionsSchema = z.array(songSectionSchema);

/** Whether a directory entry is a stem by its name. */
export function isStemFilename(name: string): boolean {
  const lower = name.toLowerCase();
  return !name.startsWith('.') && stemExtensions.some((extension) => lower.endsWith(extension));
}

/**
 * Read a song folder: its stems (size, time, duration), song.json, lyrics, chord files and
 * sections. Nothing here throws for a bad file: each problem is reported with the file's name and
 * the rest is read. `known` stems (same name, size and time as the last scan) keep their duration
 * without decoding the file again, so re-scanning an unchanged library reads no audio. Lyrics and
 * chord files must really be inside `songsDirectory` (a link out of it is reported, not recorded).
 */
export async function readSongFolder(directory: string, songsDirectory: string, known: readonly SongStemFile[] = []): Promise<ScannedSongFolder> {
  const problems: SongProblem[] = [];
  const entries = await readdir(directory, { withFileTypes: true });
  const names = entries.map((entry) => entry.name).sort(compareNames);

  const stems: SongStemFile[] = [];
  for (const filename of names.filter(isStemFilename)) {
    const stem = await readStem(directory, filename, known, problems);
    if (stem) stems.push(stem);
  }
  const durations = stems.map((stem) => stem.durationSeconds).filter((seconds): seconds is number => seconds !== null);

  const metadata = await readMetadata(directory, names, problems);
  const hasLyrics = names.includes('lyrics.lrc') && (await isReadableFile(path.join(directory, 'lyrics.lrc'), 'lyrics.lrc', songsDirectory, problems));
  const chordInstruments = await readChordInstruments(directory, songsDirectory, names, problems);
  const sections = await readSections(directory, names, problems);

  return {
    files: {
      directory,
      stems,
      durationSeconds: durations.length > 0 ? Math.max(...durations) : null,
      hasLyrics,
      chordInstruments,
      sections,
      problems,
    },
    metadata,
  };
}

async function readStem(directory: string, filename: string, known: readonly SongStemFile[], problems: SongProblem[]): Promise<SongStemFile | undefined> {
  const file = path.join(directory, filename);
  try {
    const facts = await stat(file);
    if (!facts.isFile()) return undefined;
    const modifiedAt = facts.mtime.toISOString();
    const same = known.find((stem) => stem.filename === filename && stem.bytes === facts.size && stem.modifiedAt === modifiedAt);
    if (same) return same;
    if (facts.size === 0) {
      problems.push({ file: filename, message: 'The file is empty.' });
      return undefined;
    }
    const { format } = await parseFile(file, { duration: true, skipCovers: true });
    if (format.duration === undefined || !Number.isFinite(format.duration) || format.duration <= 0) {
      // Garbage or a header cut short: no container or no length. The player could not decode it either.
      const what = format.container === undefined ? 'not a known audio format' : `${format.container} without a readable length (truncated?)`;
      problems.push({ file: filename, message: `Not readable as audio: ${what}.` });
      return undefined;
    }
    return { filename, bytes: facts.size, modifiedAt, durationSeconds: format.duration };
  } catch (error) {
    problems.push({ file: filename, message: `Not readable as audio: ${describe(error)}` });
    return undefined;
  }
}

async function readMetadata(directory: string, names: readonly string[], problems: SongProblem[]): Promise<SongFileMetadata> {
  if (!names.includes('song.json')) return emptySongMetadata;
  const source = await readText(path.join(directory, 'song.json'), 'song.json', problems);
  if (source === undefined) return emptySongMetadata;
  const parsed = parseSongJson(source);
  for (const message of parsed.problems) problems.push({ file: 'song.json', message });
  return parsed.metadata;
}

async function readChordInstruments(directory: string, songsDirectory: string, names: readonly string[], problems: SongProblem[]): Promise<string[]> {
  if (!names.includes('chords')) return [];
  let files: string[];
  try {
    files = (await readdir(path.join(directory, 'chords'), { withFileTypes: true }))
      // Links too, so one leading out of the library is reported rather than silently left out.
      .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.txt'))
      .map((entry) => entry.name);
  } catch (error) {
    problems.push({ file: 'chords', message: `Not readable: ${describe(error)}` });
    return [];
  }
  const instruments: string[] = [];
  for (const file of files) {
    const instrument = file.slice(0, -'.txt'.length);
    if (!chordInstrumentName.test(instrument)) {
      problems.push({ file: `chords/${file}`, message: 'Chord files are named after an instrument in lower case (master.txt, guitar.txt).' });
    } else if (await isReadableFile(path.join(directory, 'chords', file), `chords/${file}`, songsDirectory, problems)) {
      instruments.push(instrument);
    }
  }
  return instruments.sort((a, b) => (a === 'master' ? -1 : b === 'master' ? 1 : compareNames(a, b)));
}

async function readSections(directory: string, names: readonly string[], problems: SongProblem[]): Promise<SongFolderFiles['sections']> {
  if (!names.includes('sections.json')) return [];
  const source = await readText(path.join(directory, 'sections.json'), 'sections.json', problems);
  if (source === undefined) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (error) {
    problems.push({ file: 'sections.json', message: `Not valid JSON (${describe(error)})` });
    return [];
  }
  const parsed = sectionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problems.push({ file: 'sections.json', message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` });
    return [];
  }
  const sections = parsed.data.filter((section) => section.endTime > section.startTime);
  if (sections.length < parsed.data.length) problems.push({ file: 'sections.json', message: 'Sections ending before they start were left out.' });
  return sections.sort((a, b) => a.startTime - b.startTime);
}

async function readText(file: string, name: string, problems: SongProblem[]): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    problems.push({ file: name, message: `Not readable: ${describe(error)}` });
    return undefined;
  }
}

async function isReadableFile(file: string, name: string, songsDirectory: string, problems: SongProblem[]): Promise<boolean> {
  try {
    const real = await realPathInside(file, songsDirectory);
    if (real !== 'missing' && !real.inside) {
      problems.push({ file: name, message: 'A link to a file outside the songs directory: not served.' });
      return false;
    }
    const facts = await stat(file);
    if (facts.isFile()) return true;
    problems.push({ file: name, message: 'Not a file.' });
  } catch (error) {
    problems.push({ file: name, message: `Not readable: ${describe(error)}` });
  }
  return false;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // System errors name the absolute path; the song's problems name files relative to its folder.
  return message.replace(/, \w+ '[^']*'$/, '').slice(0, 200);
}

/** Code-point order: the same on every machine, unlike locale collation. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
