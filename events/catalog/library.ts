import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();
const songId = z.number().int().positive();

/** Section types of a song (spec 000 section 3), as `sections.json` names them. */
export const songSectionTypes = ['verse', 'chorus', 'bridge', 'intro', 'outro', 'break', 'other'] as const;

/** Difficulty scale of spec 000 section 9. */
export const songDifficultyRange = { min: 1, max: 10 } as const;
/** BPM input range of spec 000 sections 5 and 9. */
export const songBpmRange = { min: 1, max: 300 } as const;

/** A song's first beat in seconds from its start: within a song (a day bounds any real one). */
const firstBeatSchema = z.number().min(0).max(86_400);

/** One audio file of a song folder as the scan saw it; `bytes` and `modifiedAt` tell a changed file. */
export const songStemFileSchema = z.object({
  filename: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  modifiedAt: z.iso.datetime(),
  /** Seconds of audio; null when the file's header gives no duration. */
  durationSeconds: z.number().nonnegative().nullable(),
  /**
   * MP3 and M4A: the duration is what plays, the encoder's delay and padding left out (decision
   * 0076), so a later scan of the unchanged file reads nothing of it. Absent on stems read before.
   */
  playableLength: z.literal(true).optional(),
});
export type SongStemFile = z.infer<typeof songStemFileSchema>;

export const songSectionSchema = z.object({
  type: z.enum(songSectionTypes),
  startTime: z.number().nonnegative(),
  endTime: z.number().nonnegative(),
});
export type SongSection = z.infer<typeof songSectionSchema>;

/** Something wrong with one file of a song folder: reported on the song, never fatal to the scan. */
export const songProblemSchema = z.object({ file: z.string(), message: z.string() });
export type SongProblem = z.infer<typeof songProblemSchema>;

/** What a scan reads from a song folder besides its metadata: what a re-scan compares. */
export const songFolderFilesSchema = z.object({
  /** Absolute path of the song folder, as the scan found it. */
  directory: z.string().min(1),
  /** Playable stems, sorted by filename; unreadable audio files are left out and reported in `problems`. */
  stems: z.array(songStemFileSchema),
  /** The longest stem's duration; null when no stem's duration could be read. */
  durationSeconds: z.number().nonnegative().nullable(),
  hasLyrics: z.boolean(),
  /** Chord files present (`chords/<instrument>.txt`), `master` first, then by name. */
  chordInstruments: z.array(z.string().min(1)),
  sections: z.array(songSectionSchema),
  problems: z.array(songProblemSchema),
});
export type SongFolderFiles = z.infer<typeof songFolderFilesSchema>;

/** The metadata a song folder's `song.json` gives (absent fields and bad values as null). */
export const songFileMetadataSchema = z.object({
  title: z.string().min(1).nullable(),
  genre: z.string().min(1).nullable(),
  genre2: z.string().min(1).nullable(),
  key: z.string().min(1).nullable(),
  bpm: z.number().positive().nullable(),
  difficulty: z.number().int().min(songDifficultyRange.min).max(songDifficultyRange.max).nullable(),
});
export type SongFileMetadata = z.infer<typeof songFileMetadataSchema>;

/** A scan found a song folder it had never seen; its id comes from the folder registry. */
export const SongCatalogued = defineEvent({
  type: 'SongCatalogued',
  schemaVersion: 1,
  schema: z.object({
    songId,
    /** The folder's name inside the songs directory: the song's identity on disk. */
    folder: z.string().min(1),
    files: songFolderFilesSchema,
    metadata: songFileMetadataSchema,
  }),
});

/**
 * A re-scan found the folder's files changed. `metadata` only when `song.json` changed: its values
 * then replace the song's, app edits included.
 */
export const SongFilesChanged = defineEvent({
  type: 'SongFilesChanged',
  schemaVersion: 1,
  schema: z.object({
    songId,
    files: songFolderFilesSchema,
    metadata: songFileMetadataSchema.optional(),
  }),
});

/** A scan no longer found the song's folder: the song leaves the library until it is back. */
export const SongRemovedFromDisk = defineEvent({
  type: 'SongRemovedFromDisk',
  schemaVersion: 1,
  schema: z.object({ songId }),
});

/** A user edited the song's details; only the fields sent are present (null clears a field). */
export const SongMetadataEdited = defineEvent({
  type: 'SongMetadataEdited',
  schemaVersion: 1,
  schema: z.object({
    songId,
    userId,
    title: z.string().min(1).optional(),
    bpm: z.number().min(songBpmRange.min).max(songBpmRange.max).nullable().optional(),
    key: z.string().min(1).nullable().optional(),
    difficulty: z.number().int().min(songDifficultyRange.min).max(songDifficultyRange.max).nullable().optional(),
  }),
});

/** A user set the song's genres (null: none). */
export const SongGenreEdited = defineEvent({
  type: 'SongGenreEdited',
  schemaVersion: 1,
  schema: z.object({ songId, userId, genre: z.string().min(1).nullable(), genre2: z.string().min(1).nullable() }),
});

/**
 * A non-administrator edited a song's details for their own view only (on `song-details-<userId>`).
 * Only sent fields are present (null clears); they stand over the catalogue's values, later ones included.
 */
export const SongDetailsEditedForUser = defineEvent({
  type: 'SongDetailsEditedForUser',
  schemaVersion: 1,
  schema: z.object({
    userId,
    songId,
    title: z.string().min(1).optional(),
    genre: z.string().min(1).nullable().optional(),
    genre2: z.string().min(1).nullable().optional(),
    key: z.string().min(1).nullable().optional(),
    bpm: z.number().min(songBpmRange.min).max(songBpmRange.max).nullable().optional(),
    difficulty: z.number().int().min(songDifficultyRange.min).max(songDifficultyRange.max).nullable().optional(),
  }),
});

/** A user loaded the song in the player (spec 000 section 4: loading a song records a play). */
export const SongPlayed = defineEvent({
  type: 'SongPlayed',
  schemaVersion: 1,
  schema: z.object({ userId, songId }),
});

export const SongStarred = defineEvent({
  type: 'SongStarred',
  schemaVersion: 1,
  schema: z.object({ userId, songId }),
});

export const SongUnstarred = defineEvent({
  type: 'SongUnstarred',
  schemaVersion: 1,
  schema: z.object({ userId, songId }),
});

/** Instrument names of chord charts (`chords/<instrument>.txt`, or detected): plain lower-case names. */
const chordInstrument = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/);

/**
 * A scan detected tempo, key and chords from `stems`. `applied` holds the values the song takes: only
 * those neither song.json nor a user's edit gives.
 */
export const SongAnalysed = defineEvent({
  type: 'SongAnalysed',
  schemaVersion: 1,
  schema: z.object({
    songId,
    stems: z.array(songStemFileSchema),
    bpm: z.number().min(songBpmRange.min).max(songBpmRange.max).nullable(),
    /** The first downbeat (seconds), origin of the beat grid; null if none, absent on older events (0). */
    firstBeat: firstBeatSchema.nullable().optional(),
    key: z.string().min(1).nullable(),
    /** Chord chart texts by instrument, in the chord file format; served where no chord file exists. */
    chords: z.record(chordInstrument, z.string()),
    /** Files that could not be decoded to the end (the analysis used the rest). */
    problems: z.array(z.string()),
    applied: z.object({ bpm: z.number().min(songBpmRange.min).max(songBpmRange.max).optional(), key: z.string().min(1).optional() }),
  }),
});

/**
 * A scan detected the song's tempo from `stems`, recorded at once: key and chords take far longer
 * (a library's worth of songs may come first), and the player should not wait for them. The
 * `SongAnalysed` of the same stems that follows repeats the tempo with the key and charts.
 * `applied`: the BPM the song takes, only where neither song.json nor a user's edit gives one.
 */
export const SongTempoAnalysed = defineEvent({
  type: 'SongTempoAnalysed',
  schemaVersion: 1,
  schema: z.object({
    songId,
    stems: z.array(songStemFileSchema),
    bpm: z.number().min(songBpmRange.min).max(songBpmRange.max).nullable(),
    /** The first downbeat (seconds), origin of the beat grid; null if none. */
    firstBeat: firstBeatSchema.nullable(),
    applied: z.object({ bpm: z.number().min(songBpmRange.min).max(songBpmRange.max).optional() }),
  }),
});

/** The tempo detected again on request; the song takes it unless song.json gives one. */
export const SongBpmDetected = defineEvent({
  type: 'SongBpmDetected',
  schemaVersion: 1,
  schema: z.object({
    songId,
    userId,
    bpm: z.number().min(songBpmRange.min).max(songBpmRange.max),
    applied: z.boolean(),
    /** The first beat the same detection found (see SongAnalysed); absent on older events. */
    firstBeat: firstBeatSchema.nullable().optional(),
  }),
});
