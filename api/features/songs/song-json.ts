import { z } from 'zod';
import { type SongFileMetadata, songDifficultyRange } from '../../../events/catalog';

/** What a folder's `song.json` says, and what was wrong with it (each bad field is left out). */
export interface ParsedSongJson {
  metadata: SongFileMetadata;
  problems: string[];
}

export const emptySongMetadata: SongFileMetadata = { title: null, genre: null, genre2: null, key: null, bpm: null, difficulty: null };

const text = z.string().trim().min(1, { message: 'must not be empty' }).max(200, { message: 'must be at most 200 characters' });
// docs/song-folder-format.md: `<tonic> <major|minor>` with ASCII accidentals.
const key = z
  .string()
  .trim()
  .regex(/^[A-G][#b]? (major|minor)$/, { message: 'must be a tonic and major or minor, like "A minor" or "Eb major"' });
const fields = {
  title: text,
  genre: text,
  genre2: text,
  key,
  bpm: z.number({ message: 'must be a positive number' }).positive({ message: 'must be a positive number' }).max(1000, { message: 'must be at most 1000' }),
  difficulty: z
    .number({ message: 'must be a whole number from 1 to 10' })
    .int({ message: 'must be a whole number from 1 to 10' })
    .min(songDifficultyRange.min, { message: 'must be a whole number from 1 to 10' })
    .max(songDifficultyRange.max, { message: 'must be a whole number from 1 to 10' }),
} as const;

/**
 * Parse a `song.json` leniently: every field is checked on its own, so one bad value (a string
 * bpm, difficulty 11) is reported and dropped while the rest still counts. Unknown fields are
 * ignored (a newer generator may write more); JSON that does not parse gives no metadata at all.
 */
export function parseSongJson(source: string): ParsedSongJson {
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (error) {
    return { metadata: emptySongMetadata, problems: [`not valid ${describeJsonError(error)}`] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { metadata: emptySongMetadata, problems: ['must be a JSON object'] };
  }
  const record = raw as Record<string, unknown>;
  const problems: string[] = [];
  const metadata: Record<string, unknown> = { ...emptySongMetadata };
  for (const [name, schema] of Object.entries(fields)) {
    const value = record[name];
    if (value === undefined || value === null) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) metadata[name] = parsed.data;
    else problems.push(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return { metadata: metadata as SongFileMetadata, problems };
}

/**
 * Why JSON did not parse, by place only: V8's message may quote the text (`Unexpected token 'r',
 * "root:x:0:0"...`), and problems are shown to every signed-in user.
 */
export function describeJsonError(error: unknown): string {
  const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  return position === undefined ? 'JSON' : `JSON (at character ${Number(position) + 1})`;
}
