import { z } from 'zod';
import type { PresetDocument, PullPage, SongDocument, StarDocument, SyncCheckpoint, SyncCollectionName, SyncDocuments } from './sync-documents';

// What the API sends is parsed at the edge: a document that does not fit the contract
// (docs/sync-protocol.md) fails the pull, which RxDB retries, instead of landing in the local DB.
// Only the contract's fields are kept, so nothing else (`starred` on a song, a stem's `volume`)
// is stored or compared.

/** Song ids are decimal strings; a number is accepted and written as one. */
const documentId = z.union([z.string().regex(/^[1-9]\d{0,19}$/), z.number().int().positive()]).transform(String);
const deleted = z.boolean().default(false);
const nullableText = z.string().nullable().default(null);
const nullableNumber = z.number().nullable().default(null);

const stemDocument = z.object({
  id: z.string(),
  name: z.string(),
  instrument: z.string(),
  filename: z.string(),
  filePath: z.string(),
  durationSeconds: z.number().nullable().default(null),
});

const songDocument = z.object({
  id: documentId,
  title: z.string(),
  genre: nullableText,
  genre2: nullableText,
  key: nullableText,
  bpm: nullableNumber,
  // Absent from an API from before the analysis stored it: unknown, the grid starts at 0.
  firstBeat: z.number().min(0).nullable().default(null),
  difficulty: nullableNumber,
  duration: nullableNumber,
  playCount: z.number().default(0),
  hasLyrics: z.boolean().default(false),
  chordInstruments: z.array(z.string()).default([]),
  sections: z.array(z.object({ type: z.string(), startTime: z.number(), endTime: z.number() })).default([]),
  stems: z.array(stemDocument).default([]),
  problems: z.array(z.object({ file: z.string(), message: z.string() })).default([]),
  _deleted: deleted,
}) satisfies z.ZodType<SongDocument, unknown>;

const starDocument = z.object({
  id: documentId,
  starred: z.boolean(),
  updatedAt: z.number(),
  _deleted: deleted,
}) satisfies z.ZodType<StarDocument, unknown>;

// The contract's bounds of a preset's tempo and transpose; an API from before them sends neither,
// which means the song as it is (1x, 0 semitones).
const presetDocument = z.object({
  id: documentId,
  volumes: z.record(z.string(), z.number().min(0).max(1)),
  mutes: z.record(z.string(), z.boolean()),
  tempo: z.number().min(0.5).max(1.5).default(1),
  transpose: z.number().int().min(-6).max(6).default(0),
  updatedAt: z.number(),
  _deleted: deleted,
}) satisfies z.ZodType<PresetDocument, unknown>;

const documentSchemas: { [Name in SyncCollectionName]: z.ZodType<SyncDocuments[Name], unknown> } = {
  songs: songDocument,
  stars: starDocument,
  presets: presetDocument,
};

const checkpoint = z.object({ position: z.string().min(1) }).nullable();

/** One document of `collection` as the API sent it, reduced to the contract's fields. */
export function parseSyncDocument<Name extends SyncCollectionName>(collection: Name, raw: unknown): SyncDocuments[Name] {
  return documentSchemas[collection].parse(raw);
}

/** A pull page (or a stream message's documents and checkpoint). */
export function parsePullPage<Name extends SyncCollectionName>(collection: Name, raw: unknown): PullPage<SyncDocuments[Name]> {
  const page = z.object({ documents: z.array(documentSchemas[collection]), checkpoint }).parse(raw);
  return page as PullPage<SyncDocuments[Name]>;
}

/** A push answer: the master state of every row that conflicted. */
export function parseConflicts<Name extends SyncCollectionName>(collection: Name, raw: unknown): SyncDocuments[Name][] {
  return z.array(documentSchemas[collection]).parse(raw) as SyncDocuments[Name][];
}

/** A checkpoint as RxDB hands it back (it stores what the pull returned). */
export function isSyncCheckpoint(value: unknown): value is SyncCheckpoint {
  return typeof value === 'object' && value !== null && typeof (value as { position?: unknown }).position === 'string';
}
