import type { LibrarySong } from './library-song';

/** What the edit song details form holds: the inputs' text, as typed. A genre of '' is 'None'. */
export interface SongDetailsForm {
  title: string;
  genre: string;
  genre2: string;
  key: string;
  bpm: string;
  difficulty: string;
}

export type SongDetailsField = keyof SongDetailsForm;

/** A validation problem, as the spec words it: a toast title and its text (also shown under the field). */
export interface SongDetailsProblem {
  title: string;
  text: string;
}

/** The calls a save makes (spec 000, section 5): only what changed, the title on its own. */
export interface SongDetailsCalls {
  title?: string;
  /** PATCH /api/songs/{id}/metadata with the changed ones of bpm, key and difficulty (empty is null). */
  metadata?: { bpm?: number | null; key?: string | null; difficulty?: number | null };
  /** PATCH /api/songs/{id}/genre { genre, genre2 } ('None' is sent as empty). */
  genre?: { genre: string; genre2: string };
}

export type SongDetailsPlan =
  | { ok: true; calls: SongDetailsCalls }
  | { ok: false; problems: Partial<Record<SongDetailsField, SongDetailsProblem>> };

/** Spec 000, section 3: the genres with a colour, offered by the genre selects after 'None'. */
export const SPEC_GENRES = [
  'Electronic',
  'Rock',
  'Pop',
  'Hip-Hop',
  'Rap',
  'Jazz',
  'Blues',
  'Classical',
  'Folk',
  'Ambient',
  'Funk',
  'House',
  'Grunge',
  'Metal',
  'Punk',
  'Bluegrass',
  'Country',
] as const;

// The API's limits (api/features/songs/songs-requests.ts), so a form it would refuse is stopped here.
const BPM_MAX = 300;
const TITLE_MAX = 200;
const TEXT_MAX = 40;

/** The form filled from a song; missing values are empty inputs. */
export function formFromSong(song: Pick<LibrarySong, 'title' | 'genre' | 'genre2' | 'key' | 'bpm' | 'difficulty'>): SongDetailsForm {
  return {
    title: song.title,
    genre: song.genre ?? '',
    genre2: song.genre2 ?? '',
    key: song.key ?? '',
    bpm: song.bpm === null ? '' : String(song.bpm),
    difficulty: String(song.difficulty),
  };
}

/** The spec's genres plus the song's own unlisted ones, so opening the form never changes a genre. */
export function genreChoices(...current: string[]): string[] {
  const known = new Set<string>(SPEC_GENRES.map((name) => name.toLowerCase()));
  const extra = current.filter((name) => name.trim() !== '' && !known.has(name.toLowerCase()));
  return [...SPEC_GENRES, ...new Set(extra)];
}

export function planSongDetailsSave(before: SongDetailsForm, form: SongDetailsForm): SongDetailsPlan {
  const problems: Partial<Record<SongDetailsField, SongDetailsProblem>> = {};
  const title = form.title.trim();
  if (title === '') problems.title = { title: 'Invalid Title', text: 'Title must not be empty' };
  else if (title.length > TITLE_MAX) problems.title = { title: 'Invalid Title', text: `Title must be at most ${TITLE_MAX} characters` };

  const bpm = parseOptionalNumber(form.bpm);
  if (bpm !== null && (Number.isNaN(bpm) || bpm < 1)) problems.bpm = { title: 'Invalid BPM', text: 'BPM must be a positive number' };
  else if (bpm !== null && bpm > BPM_MAX) problems.bpm = { title: 'Invalid BPM', text: `BPM must be at most ${BPM_MAX}` };

  const difficulty = parseOptionalNumber(form.difficulty);
  if (difficulty !== null && (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 10)) {
    problems.difficulty = { title: 'Invalid Difficulty', text: 'Difficulty must be a number between 1 and 10' };
  }

  const key = form.key.trim();
  if (key.length > TEXT_MAX) problems.key = { title: 'Invalid Key', text: `Key must be at most ${TEXT_MAX} characters` };

  if (Object.keys(problems).length > 0) return { ok: false, problems };

  const calls: SongDetailsCalls = {};
  if (title !== before.title.trim()) calls.title = title;
  const metadata: NonNullable<SongDetailsCalls['metadata']> = {};
  if (bpm !== parseOptionalNumber(before.bpm)) metadata.bpm = bpm;
  if (key !== before.key.trim()) metadata.key = key === '' ? null : key;
  if (difficulty !== parseOptionalNumber(before.difficulty)) metadata.difficulty = difficulty;
  if (Object.keys(metadata).length > 0) calls.metadata = metadata;
  if (form.genre !== before.genre || form.genre2 !== before.genre2) calls.genre = { genre: form.genre, genre2: form.genre2 };
  return { ok: true, calls };
}

export function hasNoCalls(calls: SongDetailsCalls): boolean {
  return calls.title === undefined && calls.metadata === undefined && calls.genre === undefined;
}

/** Empty input is null (spec: empty is sent as null); anything else a number, NaN when not one. */
function parseOptionalNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A failed 'Detect BPM': 409 means one is already running; anything else is the spec's 'Could not detect BPM'. */
export function bpmDetectionProblem(status: number | string | undefined): SongDetailsProblem {
  if (status === 409) return { title: 'BPM Detection Failed', text: 'The BPM of this song is being detected already. Try again in a moment.' };
  if (status === 'FETCH_ERROR') return { title: 'BPM Detection Failed', text: 'Could not reach the server. Check your connection and try again.' };
  return { title: 'BPM Detection Failed', text: 'Could not detect BPM from audio files' };
}
