import { parseConflicts, parsePullPage, parseSyncDocument } from './sync-document-parsers';
import { type PullPage, type PushCollection, type PushRow, type SyncCheckpoint, type SyncCollection, maxPullLimit } from '../../../../contract/sync-documents';
import type { KeptDocuments } from './sync-documents';

/** `fetch`, or a test's stand-in. */
export type SyncFetch = (url: string, init: RequestInit) => Promise<Response>;

/** GET /api/sync/{collection}/pull for the page after `checkpoint` (from the beginning without one). */
export function pullUrl(collection: SyncCollection, checkpoint: SyncCheckpoint | undefined, batchSize: number): string {
  const params = new URLSearchParams();
  if (checkpoint) params.set('position', checkpoint.position);
  params.set('limit', String(Math.min(maxPullLimit, Math.max(1, Math.floor(batchSize)))));
  return `/api/sync/${collection}/pull?${params.toString()}`;
}

/** A failed sync call, with the spec's '{status}: {body text}' message; RxDB retries it later. */
export class SyncCallFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SyncCallFailed';
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new SyncCallFailed(response.status, `${response.status}: ${text || response.statusText}`);
  return JSON.parse(text) as unknown;
}

/** One collection's pull handler; an empty page keeps the checkpoint it was asked from. */
export function createPullHandler<Name extends SyncCollection>(collection: Name, fetchFn: SyncFetch) {
  return async (checkpoint: SyncCheckpoint | undefined, batchSize: number): Promise<{ documents: KeptDocuments[Name][]; checkpoint: SyncCheckpoint | undefined }> => {
    const response = await fetchFn(pullUrl(collection, checkpoint, batchSize), { credentials: 'include', headers: { Accept: 'application/json' } });
    const page: PullPage<KeptDocuments[Name]> = parsePullPage(collection, await readJson(response));
    return { documents: page.documents, checkpoint: page.checkpoint ?? checkpoint };
  };
}

/** A pushed row the API did not take, and why, as far as the client can tell. */
export interface RefusedWrite<Doc> {
  /** What this device wrote. */
  attempted: Doc;
  /** What the API holds instead; RxDB's default conflict handler makes it the local state. */
  master: Doc;
  /** True when the API holds what this device assumed, or refused the write itself; false when another device changed it first (a conflict). */
  refused: boolean;
}

/** Compares two documents on the contract's fields (key order does not matter). */
export function sameDocument(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && sameDocument((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** What a pushed document says, compared on content, not `updatedAt` (docs/sync-protocol.md). */
export function documentContent(collection: PushCollection, document: KeptDocuments[PushCollection] | null): unknown {
  if (document === null || document._deleted) return collection === 'stars' ? false : null;
  if (collection === 'stars') return (document as KeptDocuments['stars']).starred;
  if (collection === 'takes') {
    const { updatedAt: _updatedAt, _deleted, ...take } = document as KeptDocuments['takes'];
    return take;
  }
  const { volumes, mutes, tempo, transpose } = document as KeptDocuments['presets'];
  return { volumes, mutes, tempo, transpose };
}

/** Pairs each conflict of a push answer with the row it answers and tells refusals from conflicts. */
export function classifyConflicts<Name extends PushCollection>(
  collection: Name,
  rows: readonly PushRow<KeptDocuments[Name]>[],
  conflicts: readonly KeptDocuments[Name][],
): RefusedWrite<KeptDocuments[Name]>[] {
  const rowsById = new Map(rows.map((row) => [row.newDocumentState.id, row]));
  return conflicts.flatMap((master) => {
    const row = rowsById.get(master.id);
    if (!row) return [];
    const refused = sameDocument(documentContent(collection, row.assumedMasterState), documentContent(collection, master));
    return [{ attempted: row.newDocumentState, master, refused }];
  });
}

/** Pushes the contract's fields of the rows and returns the conflicts' master state, told to `onConflicts` first. */
export function createPushHandler<Name extends PushCollection>(
  collection: Name,
  fetchFn: SyncFetch,
  onConflicts: (conflicts: RefusedWrite<KeptDocuments[Name]>[]) => void = () => {},
) {
  return async (rows: readonly { assumedMasterState?: unknown; newDocumentState: unknown }[]): Promise<KeptDocuments[Name][]> => {
    const body: PushRow<KeptDocuments[Name]>[] = rows.map((row) => ({
      assumedMasterState: row.assumedMasterState ? parseSyncDocument(collection, row.assumedMasterState) : null,
      newDocumentState: parseSyncDocument(collection, row.newDocumentState),
    }));
    const response = await fetchFn(`/api/sync/${collection}/push`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const conflicts = parseConflicts(collection, await readJson(response));
    if (conflicts.length > 0) onConflicts(classifyConflicts(collection, body, conflicts));
    return conflicts;
  };
}
