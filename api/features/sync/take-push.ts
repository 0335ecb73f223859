import { isDeepStrictEqual } from 'node:util';
import type { DecidedEvent, StoredEvent } from '../../../events/catalog';
import type { TakeDocument } from '../../../contract/sync-documents';
import { PushConflict } from './push-conflict';

export type TakeEvent = DecidedEvent<'TakeRecorded' | 'TakeRenamed' | 'TakeDeleted'>;

/** A user's takes stream folded into sync's documents, by take id. */
export type TakeDocumentsState = ReadonlyMap<string, TakeDocument>;
export const initialTakeDocumentsState: TakeDocumentsState = new Map();

/** The stream a user's takes live in: one per user, so one push is one command. */
export function takesStream(userId: number): string {
  return `takes-user-${userId}`;
}

/** The same rules as the takes read model (projections/takes). */
export function evolveTakeDocumentsState(state: TakeDocumentsState, event: StoredEvent): TakeDocumentsState {
  if (event.type !== 'TakeRecorded' && event.type !== 'TakeRenamed' && event.type !== 'TakeDeleted') return state;
  const updatedAt = Date.parse(event.metadata.occurredAt);
  const next = new Map(state);
  if (event.type === 'TakeRecorded') {
    const { userId: _owner, takeId, songId, recordedAt, ...fields } = event.data;
    if (!state.has(takeId)) next.set(takeId, { id: takeId, songId: String(songId), recordedAt: Date.parse(recordedAt), ...fields, updatedAt, _deleted: false });
    return next;
  }
  const current = state.get(event.data.takeId);
  if (!current) return state;
  next.set(current.id, event.type === 'TakeRenamed' ? { ...current, name: event.data.name, updatedAt } : { ...current, _deleted: true, updatedAt });
  return next;
}

/** The server's document for a pushed take: what it holds, or the pushed one as a tombstone (updatedAt 0) when it holds none. */
export function takeMasterDocument(state: TakeDocumentsState, pushed: TakeDocument): TakeDocument {
  return state.get(pushed.id) ?? { ...pushed, updatedAt: 0, _deleted: true };
}

/** What a take document says, without `updatedAt` (the server's time); null for none or a tombstone. */
function takeIn(document: TakeDocument | null): Omit<TakeDocument, 'updatedAt' | '_deleted'> | null {
  if (document === null || document._deleted) return null;
  const { updatedAt: _updatedAt, _deleted, ...content } = document;
  return content;
}

/** Everything but the name: fixed once the take is recorded. */
function fixedPartOf(document: TakeDocument): Omit<TakeDocument, 'name' | 'updatedAt' | '_deleted'> {
  const { name: _name, updatedAt: _updatedAt, _deleted, ...fixed } = document;
  return fixed;
}

/**
 * PushTake: a new take is recorded, a known one renamed or deleted, when the pushed row's assumed
 * master state is the server's on content (not `updatedAt`). Throws `PushConflict` with the server's
 * document otherwise, and for a take of another user, a song the library never knew, a change of
 * what was recorded (only the name changes) or a deleted take brought back.
 */
export function decideTakePush(
  state: TakeDocumentsState,
  command: {
    userId: number;
    /** Whether the take's song is (or was) in the library. */
    songKnown: boolean;
    /** Whether the take id is already another user's. */
    ownedByOther: boolean;
    assumedMasterState: TakeDocument | null;
    newDocumentState: TakeDocument;
  },
): TakeEvent[] {
  const pushed = command.newDocumentState;
  const master = takeMasterDocument(state, pushed);
  const conflict = () => new PushConflict(master);
  if (command.ownedByOther) throw new PushConflict({ ...pushed, updatedAt: 0, _deleted: true });
  if (!isDeepStrictEqual(takeIn(command.assumedMasterState), takeIn(master))) throw conflict();
  const { userId } = command;
  const takeId = pushed.id;
  if (master._deleted) {
    if (pushed._deleted) return [];
    // A take once deleted stays deleted; a device that did not know pulls the tombstone.
    if (state.has(takeId) || !command.songKnown) throw conflict();
    const { id: _id, songId, recordedAt, updatedAt: _updatedAt, _deleted, ...fields } = pushed;
    return [{ type: 'TakeRecorded', data: { userId, takeId, songId: Number(songId), recordedAt: new Date(recordedAt).toISOString(), ...fields } }];
  }
  if (pushed._deleted) return [{ type: 'TakeDeleted', data: { userId, takeId } }];
  if (!isDeepStrictEqual(fixedPartOf(pushed), fixedPartOf(master))) throw conflict();
  return pushed.name === master.name ? [] : [{ type: 'TakeRenamed', data: { userId, takeId, name: pushed.name } }];
}
