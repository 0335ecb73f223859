import { z } from 'zod';
import { type PullPage, type SyncCollection, pullPageSchema } from '../../../../contract/sync-documents';
import { type KeptDocuments, keptDocumentSchemas } from './sync-documents';

// Documents from the API are parsed with the contract's schemas: one that does not fit fails the pull (RxDB retries); only the kept fields are stored.

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

