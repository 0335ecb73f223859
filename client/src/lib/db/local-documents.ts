import type { RxDocument } from 'rxdb';
import type { Observable } from 'rxjs';
import type { LocalDatabase } from './local-database';
import { type PresetDocument, type StarDocument, type TakeDocument, songKey } from '../../../../contract/sync-documents';
import type { KeptSongDocument } from './sync-documents';

/** A document as screens get it: plain data, never an RxDB document. */
export type Plain<Doc> = Omit<Doc, '_deleted'>;

/** The documents of each collection as screens read them. */
export interface LocalDocuments {
  songs: Plain<KeptSongDocument>;
  stars: Plain<StarDocument>;
  presets: Plain<PresetDocument>;
  takes: Plain<TakeDocument>;
}

export type LocalCollectionName = keyof LocalDocuments;

// One plain copy per RxDB document object (one per revision): unchanged rows stay the same object, and one change copies one document.
const plainCopies = new WeakMap<object, unknown>();

function plainOf<Doc>(document: RxDocument<Doc>): Doc {
  let copy = plainCopies.get(document) as Doc | undefined;
  if (copy === undefined) {
    copy = document.toJSON() as Doc;
    plainCopies.set(document, copy);
  }
  return copy;
}

/** Calls `listener` with every live document now and after each change; returns the unsubscribe. */
export function watchCollection<Name extends LocalCollectionName>(
  database: LocalDatabase,
  collection: Name,
  listener: (documents: LocalDocuments[Name][]) => void,
): () => void {
  // The collections' query types do not unite; the documents are this collection's.
  const changes = database.collections[collection].find().$ as unknown as Observable<RxDocument<LocalDocuments[Name]>[]>;
  const subscription = changes.subscribe((documents) => listener(documents.map(plainOf)));
  return () => subscription.unsubscribe();
}

/** Calls `listener` with one document (null while there is none) now and after each change. */
export function watchDocument<Name extends LocalCollectionName>(
  database: LocalDatabase,
  collection: Name,
  id: string,
  listener: (document: LocalDocuments[Name] | null) => void,
): () => void {
  const changes = database.collections[collection].findOne(id).$ as unknown as Observable<RxDocument<LocalDocuments[Name]> | null>;
  const subscription = changes.subscribe((document) => listener(document ? plainOf(document) : null));
  return () => subscription.unsubscribe();
}

/** Stars or unstars a song locally (at once); the replication pushes it. */
export async function writeStar(database: LocalDatabase, songId: number, starred: boolean, now = Date.now()): Promise<void> {
  await database.collections.stars.upsert({ id: songKey(songId), starred, updatedAt: now });
}

/** Saves the preset of a song locally; the replication pushes it. */
export async function writePreset(
  database: LocalDatabase,
  songId: number,
  presetData: Pick<PresetDocument, 'volumes' | 'mutes' | 'tempo' | 'transpose'>,
  now = Date.now(),
): Promise<void> {
  const { volumes, mutes, tempo, transpose } = presetData;
  await database.collections.presets.upsert({ id: songKey(songId), volumes, mutes, tempo, transpose, updatedAt: now });
}

/** Deletes the preset of a song locally (a tombstone the replication pushes); none is fine. */
export async function removePreset(database: LocalDatabase, songId: number): Promise<void> {
  const preset = await database.collections.presets.findOne(songKey(songId)).exec();
  await preset?.remove();
}

/** Keeps a take's metadata locally (at once); the replication pushes it, which records the take. */
export async function writeTake(database: LocalDatabase, take: Plain<TakeDocument>): Promise<void> {
  await database.collections.takes.insert(take);
}

/** Renames a take locally; the replication pushes it. */
export async function renameTake(database: LocalDatabase, takeId: string, name: string, now = Date.now()): Promise<void> {
  const take = await database.collections.takes.findOne(takeId).exec();
  await take?.incrementalPatch({ name, updatedAt: now });
}

/** Deletes a take locally (a tombstone the replication pushes); none is fine. */
export async function removeTake(database: LocalDatabase, takeId: string): Promise<void> {
  const take = await database.collections.takes.findOne(takeId).exec();
  await take?.remove();
}
