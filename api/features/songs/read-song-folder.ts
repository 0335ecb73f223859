import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type IAudioMetadata, parseFile } from 'music-metadata';
import { z } from 'zod';
import {
  type SongFileMetadata,
  type SongFolderFiles,
  type SongProblem,
  type SongStemFile,
  songSectionSchema,
} from '../../../events/catalog';
import { openRegularFile, realPathInside } from '../../storage/real-path-inside';
import { type TextFileRefusal, readTextFileInside } from '../../storage/read-text-file-inside';
import { readFlacLength } from './flac-playable-length';
import { readM4aPlayableSeconds } from './m4a-playable-length';
import { readMp3PlayableSeconds } from './mp3-playable-length';
import { readOggVorbisLength } from './ogg-vorbis-length';
import { describeJsonError, emptySongMetadata, parseSongJson } from './song-json';

/** Extensions of stem files (docs/song-folder-format.md), compared lower-cased. */
export const stemExtensions = ['.mp3', '.ogg', '.wav', '.flac', '.m4a'] as const;

/** Chord file names the API can serve: `chords/<instrument>.txt` with a plain instrument name. */
export const chordInstrumentName = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** The largest song.json, sections.json, lyrics or chord file read; larger ones are refused, not read into memory. */
export const maxSongTextBytes = 1024 * 1024;

/** What the last scan read: its stems and problems. */
export type KnownFiles = Pick<SongFolderFiles, 'stems' | 'problems'>;

/** What a scan reads from one song folder. */
export interface ScannedSongFolder {
  files: SongFolderFiles;
  metadata: SongFileMetadata;
}

const sectionsSchema = z.array(songSectionSchema);

/** music-metadata's warnings for audio data that stops before its headers say it should (WAV, AIFF; Ogg). */
const endsEarly = /exceeding file length|before reaching last page/i;

/**
 * MP3 and M4A headers count whole frames, the encoder's delay and padding included: what plays is
 * what their gapless information (a LAME tag; an edit list or iTunSMPB) leaves. Undefined without it.
 */
async function playableSeconds(file: string, filename: string): Promise<number | undefined> {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.mp3')) return readMp3PlayableSeconds(file);
  if (lower.endsWith('.m4a')) return readM4aPlayableSeconds(file);
  return undefined;
}

/** Formats whose header length counts the encoder's delay and padding: their stems say when that is left out. */
function hasGaplessInformation(filename: string): boolean {
  const lower = filename.toLowerCase();
  return lower.endsWith('.mp3') || lower.endsWith('.m4a');
}

/**
 * An `.ogg` holding Vorbis, read from its first pages (tags, stream header) and its tail (length):
 * music-metadata's format with the duration the tail gives. Undefined for anything else (Opus, FLAC in
 * Ogg, not an Ogg), which is read the usual way.
 */
async function readOggVorbis(file: string, filename: string): Promise<(IAudioMetadata & { complete: boolean }) | undefined> {
  if (!filename.toLowerCase().endsWith('.ogg')) return undefined;
  const metadata = await parseFile(file, { duration: false, skipCovers: true });
  const { container, codec, sampleRate } = metadata.format;
  if (container !== 'Ogg' || !/vorbis/i.test(codec ?? '') || !sampleRate) return undefined;
  const length = await readOggVorbisLength(file);
  return { ...metadata, format: { ...metadata.format, duration: length === undefined ? undefined : length.samples / sampleRate }, complete: length?.complete ?? false };
}

export function isStemFilename(name: string): boolean {
  const lower = name.toLowerCase();
  return !name.startsWith('.') && stemExtensions.some((extension) => lower.endsWith(extension));
}

/**
 * Read a song folder, reporting each bad file by name and reading the rest. Only regular files inside
 * `songsDirectory` are opened; `known` unchanged stems keep their duration and problems (no audio read).
 */
export async function readSongFolder(directory: string, songsDirectory: string, known: KnownFiles = { stems: [], problems: [] }): Promise<ScannedSongFolder> {
  const problems: SongProblem[] = [];
  const entries = await readdir(directory, { withFileTypes: true });
  const names = entries.map((entry) => entry.name).sort(compareNames);

  const stems: SongStemFile[] = [];
  for (const filename of names.filter(isStemFilename)) {
    const stem = await readStem(directory, songsDirectory, filename, known, problems);
    if (stem) stems.push(stem);
  }
  const durations = stems.map((stem) => stem.durationSeconds).filter((seconds): seconds is number => seconds !== null);

  const metadata = await readMetadata(directory, songsDirectory, names, problems);
  const hasLyrics = names.includes('lyrics.lrc') && (await isReadableFile(path.join(directory, 'lyrics.lrc'), 'lyrics.lrc', songsDirectory, problems));
  const chordInstruments = await readChordInstruments(directory, songsDirectory, names, problems);
  const sections = await readSections(directory, songsDirectory, names, problems);

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

async function readStem(directory: string, songsDirectory: string, filename: string, known: KnownFiles, problems: SongProblem[]): Promise<SongStemFile | undefined> {
  try {
    const real = await realPathInside(path.join(directory, filename), songsDirectory);
    if (real === 'missing') {
      problems.push({ file: filename, message: refusalMessages.missing });
      return undefined;
    }
    if (!real.inside) {
      problems.push({ file: filename, message: refusalMessages.outside });
      return undefined;
    }
    // The resolved path, not followed again: what is decoded is what was checked.
    const file = real.realFile;
    const facts = await lstat(file);
    if (!facts.isFile()) {
      // A folder, pipe or device named like audio: never opened (a pipe would block the scan).
      problems.push({ file: filename, message: 'Not a file (a folder, pipe or device named like a stem): left out.' });
      return undefined;
    }
    const modifiedAt = facts.mtime.toISOString();
    const same = known.stems.find((stem) => stem.filename === filename && stem.bytes === facts.size && stem.modifiedAt === modifiedAt);
    if (same) {
      // Its problems (a file that ends early) stand as long as the file does, or a re-scan would count a change.
      problems.push(...known.problems.filter((problem) => problem.file === filename));
      // An unchanged file is not opened again: a rescan of an unchanged library reads no audio. Only
      // a length read before encoder delay and padding were left out (decision 0076) is corrected, once.
      if (!hasGaplessInformation(filename) || same.playableLength === true || same.durationSeconds === null) return same;
      const playable = await playableSeconds(file, filename);
      return { ...same, durationSeconds: playable !== undefined && playable < same.durationSeconds ? playable : same.durationSeconds, playableLength: true };
    }
    if (facts.size === 0) {
      problems.push({ file: filename, message: 'The file is empty.' });
      return undefined;
    }
    // Durations come from headers; no audio is decoded and cover art is skipped. An Ogg Vorbis file's
    // length is its last page's position, read from the file's tail rather than page by page from the start.
    const ogg = await readOggVorbis(file, filename);
    const { format, quality } = ogg ?? (await parseFile(file, { duration: true, skipCovers: true }));
    if (format.duration === undefined || !Number.isFinite(format.duration) || format.duration <= 0) {
      // Garbage or a header cut short: no container or no length. The player could not decode it either.
      const what = format.container === undefined ? 'not a known audio format' : `${format.container} without a readable length (truncated?)`;
      problems.push({ file: filename, message: `Not readable as audio: ${what}.` });
      return undefined;
    }
    let durationSeconds = format.duration;
    let cutShort = quality.warnings.some((warning) => endsEarly.test(warning.message)) || ogg?.complete === false;
    if (format.container === 'FLAC') {
      // FLAC's header states the length whether or not the frames are all there: they are counted.
      const length = await readFlacLength(file);
      if (length !== undefined && length.presentSamples < length.statedSamples) {
        if (length.presentSamples === 0) {
          problems.push({ file: filename, message: 'Not readable as audio: FLAC without audio frames (truncated?).' });
          return undefined;
        }
        durationSeconds = length.presentSamples / length.sampleRate;
        cutShort = true;
      }
    }
    const playable = await playableSeconds(file, filename);
    if (playable !== undefined) durationSeconds = Math.min(durationSeconds, playable);
    // A file cut short (a copy that stopped, a disk that filled) still plays what is there: kept, and said.
    if (cutShort) {
      problems.push({ file: filename, message: `The file ends early (truncated?): only its first ${durationSeconds.toFixed(1)} s play.` });
    }
    return { filename, bytes: facts.size, modifiedAt, durationSeconds, ...(hasGaplessInformation(filename) && { playableLength: true as const }) };
  } catch (error) {
    problems.push({ file: filename, message: `Not readable as audio: ${describeFileError(error)}` });
    return undefined;
  }
}

async function readMetadata(directory: string, songsDirectory: string, names: readonly string[], problems: SongProblem[]): Promise<SongFileMetadata> {
  if (!names.includes('song.json')) return emptySongMetadata;
  const source = await readText(path.join(directory, 'song.json'), songsDirectory, 'song.json', problems);
  if (source === undefined) return emptySongMetadata;
  const parsed = parseSongJson(source);
  for (const message of parsed.problems) problems.push({ file: 'song.json', message });
  return parsed.metadata;
}

async function readChordInstruments(directory: string, songsDirectory: string, names: readonly string[], problems: SongProblem[]): Promise<string[]> {
  if (!names.includes('chords')) return [];
  let files: string[];
  try {
    // A `chords` link out of the library is not listed: even its file names are not the library's.
    const real = await realPathInside(path.join(directory, 'chords'), songsDirectory);
    if (real === 'missing' || !real.inside) {
      problems.push({ file: 'chords', message: refusalMessages[real === 'missing' ? 'missing' : 'outside'] });
      return [];
    }
    files = (await readdir(path.join(directory, 'chords'), { withFileTypes: true }))
      // Links too, so one leading out of the library is reported rather than silently left out.
      .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.txt'))
      .map((entry) => entry.name);
  } catch (error) {
    problems.push({ file: 'chords', message: `Not readable: ${describeFileError(error)}` });
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

async function readSections(directory: string, songsDirectory: string, names: readonly string[], problems: SongProblem[]): Promise<SongFolderFiles['sections']> {
  if (!names.includes('sections.json')) return [];
  const source = await readText(path.join(directory, 'sections.json'), songsDirectory, 'sections.json', problems);
  if (source === undefined) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (error) {
    problems.push({ file: 'sections.json', message: `Not valid ${describeJsonError(error)}.` });
    return [];
  }
  const parsed = sectionsSchema.safeParse(raw);
  if (!parsed.success) {
    // The place and zod's own message; the path's keys are the schema's (an array of sections), not the file's.
    const issue = parsed.error.issues[0];
    problems.push({ file: 'sections.json', message: `${issue?.path.join('.') ?? ''}: ${issue?.code === 'unrecognized_keys' ? 'unknown fields' : (issue?.message ?? 'invalid')}` });
    return [];
  }
  const sections = parsed.data.filter((section) => section.endTime > section.startTime);
  if (sections.length < parsed.data.length) problems.push({ file: 'sections.json', message: 'Sections ending before they start were left out.' });
  return sections.sort((a, b) => a.startTime - b.startTime);
}

/** What a problem says of a file that was not read: its kind of trouble only. */
const refusalMessages: Record<TextFileRefusal, string> = {
  missing: 'Not readable: it is gone (a broken link?).',
  outside: 'A link to a file outside the songs directory: not read.',
  'not-a-file': 'Not a regular file (a folder, pipe or device): not read.',
  'too-large': `Larger than ${maxSongTextBytes / 1024 / 1024} MiB: not read.`,
};

async function readText(file: string, songsDirectory: string, name: string, problems: SongProblem[]): Promise<string | undefined> {
  try {
    const read = await readTextFileInside(file, songsDirectory, maxSongTextBytes);
    if (!read.ok) {
      problems.push({ file: name, message: refusalMessages[read.refusal] });
      return undefined;
    }
    // Editors on Windows start UTF-8 with a byte order mark, which JSON.parse refuses.
    return read.text.replace(/^\uFEFF/, '');
  } catch (error) {
    problems.push({ file: name, message: `Not readable: ${describeFileError(error)}` });
    return undefined;
  }
}

async function isReadableFile(file: string, name: string, songsDirectory: string, problems: SongProblem[]): Promise<boolean> {
  try {
    const real = await realPathInside(file, songsDirectory);
    if (real === 'missing' || !real.inside) {
      problems.push({ file: name, message: refusalMessages[real === 'missing' ? 'missing' : 'outside'] });
      return false;
    }
    // Opened, not just seen: a file the server may not read would be listed and then never served.
    const opened = await openRegularFile(real.realFile);
    if (opened) {
      await opened.handle.close();
      return true;
    }
    problems.push({ file: name, message: refusalMessages['not-a-file'] });
  } catch (error) {
    problems.push({ file: name, message: `Not readable: ${describeFileError(error)}` });
  }
  return false;
}

/** An error's message without the absolute path a system error names (problems are shown to users). */
export function describeFileError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, \w+ '[^']*'$/, '').slice(0, 200);
}

// Code-point order: the same on every machine, unlike locale collation.
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
