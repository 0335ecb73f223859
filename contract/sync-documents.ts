import { z } from 'zod';
import { songFieldsSchema } from './song';

// The documents of the local-first sync (docs/sync-protocol.md). RxDB primary keys are strings, so
// song ids travel as decimal strings; every document carries `_deleted`, RxDB's tombstone flag.

/** The replicated collections, named as in the sync paths (`/api/sync/{name}/pull`). */
export const syncCollections = ['songs', 'stars', 'presets', 'takes'] as const;
export type SyncCollection = (typeof syncCollections)[number];

/** The collections the user may change (songs are pull-only). */
export const pushCollections = ['stars', 'presets', 'takes'] as const;
export type PushCollection = (typeof pushCollections)[number];

/** Most documents per pull page (`limit`, default 100), and most rows per push. */
export const maxPullLimit = 500;
export const maxPushRows = 100;

export const songDocumentIdSchema = z.string().regex(/^[1-9]\d{0,8}$/, { message: 'must be a song id (a positive whole number as a string)' });

/** The song id as the documents key it. */
export function songKey(songId: number): string {
  return String(songId);
}

/** ms since the epoch: when the server recorded the change (a device's own write holds its own time until the next pull). */
const updatedAt = z.number().int().nonnegative();

/** One song of the catalogue as the signed-in user sees it, without `starred` (that is `stars`); `_deleted` once off disk. */
export const songDocumentSchema = songFieldsSchema.extend({ id: songDocumentIdSchema, _deleted: z.boolean() });
export type SongDocument = z.infer<typeof songDocumentSchema>;

/** A song the signed-in user ever starred (or unstarred again). */
export const starDocumentSchema = z.object({ id: songDocumentIdSchema, starred: z.boolean(), updatedAt, _deleted: z.boolean() });
export type StarDocument = z.infer<typeof starDocumentSchema>;

/** The practice tools' bounds a preset document's tempo (a playback rate) and transpose (semitones) stay in. */
export const presetTempoBounds = { min: 0.5, max: 1.5 } as const;
export const presetTransposeBounds = { min: -6, max: 6 } as const;

/** The user's preset for one song: stem levels and mutes, tempo and transpose (absent from an older API: 1x, 0 semitones). */
export const presetDocumentSchema = z.object({
  id: songDocumentIdSchema,
  volumes: z.record(z.string(), z.number().min(0).max(1)),
  mutes: z.record(z.string(), z.boolean()),
  tempo: z.number().min(presetTempoBounds.min).max(presetTempoBounds.max).default(1),
  transpose: z.number().int().min(presetTransposeBounds.min).max(presetTransposeBounds.max).default(0),
  updatedAt,
  _deleted: z.boolean(),
});
export type PresetDocument = z.infer<typeof presetDocumentSchema>;

/** What a take covers: the song from where playback started, a section, or one pass of the A-B loop. */
export const takeDocumentScopes = ['song', 'section', 'loop'] as const;

/** A take's name as the list shows it. */
export const takeDocumentNameSchema = z.string().trim().min(1).max(80);

/**
 * One take the user recorded (metadata only: the audio stays on the device that recorded it). Only
 * `name` and `_deleted` change after it is recorded. `recordedAt` is ms since the epoch (the device's
 * clock when recording started); `startSeconds` the song position its first sample lines up with.
 */
export const takeDocumentSchema = z.object({
  id: z.uuid(),
  songId: songDocumentIdSchema,
  name: takeDocumentNameSchema,
  recordedAt: z.number().int().nonnegative(),
  localDate: z.iso.date(),
  durationSeconds: z.number().positive().max(4 * 60 * 60),
  startSeconds: z.number().nonnegative(),
  tempo: z.number().min(presetTempoBounds.min).max(presetTempoBounds.max),
  transpose: z.number().int().min(presetTransposeBounds.min).max(presetTransposeBounds.max),
  scope: z.enum(takeDocumentScopes),
  range: z.object({ startSeconds: z.number().nonnegative(), endSeconds: z.number().positive() }).nullable(),
  latencySeconds: z.number().min(0).max(1),
  updatedAt,
  _deleted: z.boolean(),
});
export type TakeDocument = z.infer<typeof takeDocumentSchema>;

export const syncDocumentSchemas = { songs: songDocumentSchema, stars: starDocumentSchema, presets: presetDocumentSchema, takes: takeDocumentSchema } as const;

export type SyncDocuments = { [Name in SyncCollection]: z.infer<(typeof syncDocumentSchemas)[Name]> };

/** A checkpoint: the log position of the event behind the last document of a page (opaque to clients). */
export const syncCheckpointSchema = z.object({ position: z.string().min(1) });
export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

/** A page of `GET /api/sync/{collection}/pull`, and the body of a stream message (with `collection`). */
export interface PullPage<Doc> {
  documents: Doc[];
  /** The last document's, or the one asked from when the page is empty; null from the beginning. */
  checkpoint: SyncCheckpoint | null;
}

/** The schema of a pull page whose documents are of `documentSchema`. */
export function pullPageSchema<Doc extends z.ZodType>(documentSchema: Doc) {
  return z.object({ documents: z.array(documentSchema), checkpoint: syncCheckpointSchema.nullable() });
}

/** One row of `POST /api/sync/{collection}/push`; the answer is the master state of each row that conflicted. */
export interface PushRow<Doc> {
  assumedMasterState: Doc | null;
  newDocumentState: Doc;
}

/** A message of `GET /api/sync/stream`: one collection's changed documents, or RESYNC (pull from the last checkpoint). */
export type SyncStreamMessage = { [Name in SyncCollection]: { collection: Name } & PullPage<SyncDocuments[Name]> }[SyncCollection] | 'RESYNC';
