import { z } from 'zod';
import { songBpmRange, songDifficultyRange } from '../../../events/catalog';

/** A song id in a path: a positive whole number. */
export const songIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { message: 'must be a song id (a positive whole number)' })
    .transform(Number),
});

/** PATCH /api/songs/{id}/starred */
export const starredRequest = z.strictObject({ starred: z.boolean() });

// Spec 000 section 5: empty bpm/key/difficulty are sent as null; the texts are the edit form's.
const bpm = z
  .number({ message: 'BPM must be a positive number' })
  .min(songBpmRange.min, { message: 'BPM must be a positive number' })
  .max(songBpmRange.max, { message: `BPM must be at most ${songBpmRange.max}` })
  .nullable();
const difficultyMessage = 'Difficulty must be a number between 1 and 10';
const difficulty = z
  .number({ message: difficultyMessage })
  .int({ message: difficultyMessage })
  .min(songDifficultyRange.min, { message: difficultyMessage })
  .max(songDifficultyRange.max, { message: difficultyMessage })
  .nullable();
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const key = z.preprocess(emptyAsNull, z.string().trim().max(40, { message: 'Key must be at most 40 characters' }).nullable());
const title = z.string().trim().min(1, { message: 'Title must not be empty' }).max(200, { message: 'Title must be at most 200 characters' });

/** PATCH /api/songs/{id}/metadata: the title, or any of bpm, key and difficulty (only what changed). */
export const metadataRequest = z
  .strictObject({ title: title.optional(), bpm: bpm.optional(), key: key.optional(), difficulty: difficulty.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send title, bpm, key or difficulty' });

const genre = z.preprocess(emptyAsNull, z.string().trim().max(40, { message: 'Genre must be at most 40 characters' }).nullable());

/** PATCH /api/songs/{id}/genre: both genres; empty or null is none (the form's 'None'). */
export const genreRequest = z.strictObject({ genre, genre2: genre.optional().transform((value) => value ?? null) });

/** GET /api/songs/{id}/chords[?instrument=name] */
export const chordsQuery = z.object({ instrument: z.string().min(1, { message: 'must name an instrument' }).optional() });
