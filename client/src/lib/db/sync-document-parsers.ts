import { z } from 'zod';
import { type PullPage, type SyncCheckpoint, type SyncCollection, pullPageSchema } from '../../../../contract/sync-documents';
import { type KeptDocuments, keptDocumentSchemas } from './sync-documents';

// What the API sends is parsed at the edge with the contract's schemas: a document that does not
// fit (docs/sync-protocol.md) fails the pull, which RxDB retries, instead of landing in the local
// DB. Only the kept fields are kept, so nothing else (`starred` on a song, a stem's `volume`) is
// stored or compared.

/** One document of `collection` as the API sent it, reduced to the kept fields. */
export function parseSyncDocument<Name extends SyncCollection>(collection: Name, raw: unknown): KeptDocuments[Name] {
  return keptDocumentSchemas[collection].parse(raw) as KeptDocuments[Name];
}

/** A pull page (or a stream message's documents and checkpoint). */
export function parsePullPage<Name extends SyncCollection>(collection: Name, raw: unknown): PullPage<KeptDocuments[Name]> {
  const page = pullPageSchema(keptDocumentSchemas[collection]).parse(raw);
  return page as PullPage<KeptDocuments[Name]>;
}

/** A push answer: the master state of every row that conflicted. */
export function parseConflicts<Name extends SyncCollection>(collection: Name, raw: unknown): KeptDocuments[Name][] {
  return z.array(keptDocumentSchemas[collection]).parse(raw) as KeptDocuments[Name][];
}

/** A checkpoint as RxDB hands it back (it stores what the pull returned). */
export function isSyncCheckpoint(value: unknown): value is SyncCheckpoint {
  return typeof value === 'object' && value !== null && typeof (value as { position?: unknown }).position === 'string';
}
