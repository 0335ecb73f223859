import { z } from 'zod';
import { stemStreamUrlSchema } from './stem-stream-url';

// A song as GET /api/songs and GET /api/songs/{id} send it (spec 000 section 3).

/** The section types the analysis and song.json give (spec 000 section 3). */
export const songSectionTypes = ['verse', 'chorus', 'bridge', 'intro', 'outro', 'break', 'other'] as const;

export const songSectionSchema = z.object({
  type: z.enum(songSectionTypes),
  startTime: z.number().nonnegative(),
  endTime: z.number().nonnegative(),
});
export type SongSection = z.infer<typeof songSectionSchema>;

/** Something the scan found wrong with one of a song's files. */
export const songProblemSchema = z.object({ file: z.string(), message: z.string() });
export type SongProblem = z.infer<typeof songProblemSchema>;

/** A stem as the player loads it. */
export const songStemSchema = z.object({
  /** The file name: unique in its song and stable across re-scans, so presets can key on it. */
  id: z.string().min(1),
  songId: z.number().int().positive(),
  name: z.string(),
  instrument: z.string(),
  filename: z.string().min(1),
  filePath: stemStreamUrlSchema,
  volume: z.number(),
  isMuted: z.boolean(),
  durationSeconds: z.number().nullable(),
});
export type SongStem = z.infer<typeof songStemSchema>;

/** The fields a song has both in GET /api/songs and as a sync document. */
export const songFieldsSchema = z.object({
  title: z.string(),
  genre: z.string().nullable(),
  genre2: z.string().nullable(),
  key: z.string().nullable(),
  bpm: z.number().nullable(),
  /** Seconds to the first beat (the beat grid's origin); null, or absent from an older API, when unknown. */
  firstBeat: z.number().min(0).nullable().default(null),
  /** 1 to 10 (spec 000 section 9); a song without one in its song.json has 5, never none. */
  difficulty: z.number().int().min(1).max(10),
  /** Seconds; null when no stem's length could be read. */
  duration: z.number().nullable(),
  playCount: z.number().int().nonnegative(),
  hasLyrics: z.boolean(),
  chordInstruments: z.array(z.string()),
  sections: z.array(songSectionSchema),
  stems: z.array(songStemSchema),
  problems: z.array(songProblemSchema),
});
export type SongFields = z.infer<typeof songFieldsSchema>;

/** A song of GET /api/songs, as the signed-in user sees it (their own edits, their star). */
export const songSchema = songFieldsSchema.extend({
  id: z.number().int().positive(),
  /** The same as `key`: some of the spec's payloads call it so. */
  musicalKey: z.string().nullable(),
  starred: z.boolean(),
});
export type Song = z.infer<typeof songSchema>;

/** GET /api/songs/{id}: the song with its lyrics.lrc text (null without lyrics). */
export const songWithLyricsSchema = songSchema.extend({ lyrics: z.string().nullable() });
export type SongWithLyrics = z.infer<typeof songWithLyricsSchema>;

/** GET /api/songs/{id}/chords?instrument=x: one instrument's chord chart text. */
export const chordTextSchema = z.object({ instrument: z.string(), text: z.string() });
export type ChordText = z.infer<typeof chordTextSchema>;

/** POST /api/songs/{id}/play: the song's play count with this play. */
export const playCountSchema = z.object({ playCount: z.number().int().nonnegative() });
export type PlayCount = z.infer<typeof playCountSchema>;

/** POST /api/songs/{id}/rescan-bpm: the tempo detected from the audio. */
export const detectedBpmSchema = z.object({ bpm: z.number().positive() });
export type DetectedBpm = z.infer<typeof detectedBpmSchema>;

/** POST /api/songs/scan: the scan started. */
export const scanStartedSchema = z.object({ message: z.string() });
export type ScanStarted = z.infer<typeof scanStartedSchema>;
