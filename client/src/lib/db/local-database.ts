import { addRxPlugin, createRxDatabase, removeRxDatabase } from 'rxdb';
import type { ReplicationPullHandler, ReplicationPushHandler, RxCollection, RxDatabase, RxReplicationPullStreamItem, RxStorage } from 'rxdb';
import type { Observable } from 'rxjs';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { presetMigrations, presetSchema, songMigrations, songSchema, starSchema, takeSchema } from './collection-schemas';
import { createPullHandler, createPushHandler } from './replication-handlers';
import type { RefusedWrite, SyncFetch } from './replication-handlers';
import { openSyncStream } from './sync-stream';
import type { SyncStream, SyncStreamOptions } from './sync-stream';
import type { PresetDocument, PushCollection, StarDocument, SyncCheckpoint, SyncCollection, TakeDocument } from '../../../../contract/sync-documents';
import type { KeptSongDocument } from './sync-documents';
import { OWNER_KEY } from './owner-key';
import { syncCollections } from '../../../../contract/sync-documents';
import { quietStorageNotice } from './storage-notice';

/** This browser's one database: one user's data at a time. */
export const LOCAL_DATABASE_NAME = 'woodshed';
export { OWNER_KEY } from './owner-key';
// Bumped with the schemas or the contract, so a client never resumes an old checkpoint.
const REPLICATION_VERSION = 'v3';
/** The contract's push limit is 100 rows; RxDB's batches stay below it. */
const PUSH_BATCH = 50;
const PULL_BATCH = 500;
/** Retry a failed sync call after this long. */
const RETRY_MS = 5_000;

type Stored<Doc> = Omit<Doc, '_deleted'>;
export type SongsCollection = RxCollection<Stored<KeptSongDocument>>;
export type StarsCollection = RxCollection<Stored<StarDocument>>;
export type PresetsCollection = RxCollection<Stored<PresetDocument>>;
export type TakesCollection = RxCollection<Stored<TakeDocument>>;

interface Collections {
  songs: SongsCollection;
  stars: StarsCollection;
  presets: PresetsCollection;
  takes: TakesCollection;
}

export type SyncState = 'syncing' | 'synced' | 'failing';

type ConflictListener = (collection: PushCollection, conflicts: RefusedWrite<StarDocument | PresetDocument | TakeDocument>[]) => void;

/** The signed-in user's open database and its running replications. */
export interface LocalDatabase {
  readonly userId: number;
  readonly collections: Collections;
  syncState(collection: SyncCollection): SyncState;
  onSyncState(listener: () => void): () => void;
  onConflicts(listener: ConflictListener): () => void;
  /** Pull now from the last checkpoints, without waiting for the stream. */
  resync(): void;
  /** Closes the database; the data stays. */
  close(): Promise<void>;
  /** Closes and deletes the database. */
  remove(): Promise<void>;
}

const dexieStorage = getRxStorageDexie();
quietStorageNotice();
// Collections whose schema version went up migrate the documents this browser already holds.
addRxPlugin(RxDBMigrationSchemaPlugin);

/** What tests replace. */
interface LocalDatabaseOptions {
  storage?: RxStorage<unknown, unknown>;
  fetch?: SyncFetch;
  stream?: SyncStreamOptions;
  multiInstance?: boolean;
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(userId));
  } catch {
    // Without localStorage the owner is unknown next time, which wipes the database: the safe side.
  }
}

/** Deletes the local database unless it is known to be `userId`'s. */
async function removeUnlessOwnedBy(userId: number, storage: RxStorage<unknown, unknown>): Promise<void> {
  if (readOwner() === String(userId)) return;
  await removeRxDatabase(LOCAL_DATABASE_NAME, storage);
  writeOwner(null);
}

/** Closes and deletes the local database, whoever it belonged to (log out). */
export async function removeLocalDatabase(storage: RxStorage<unknown, unknown> = dexieStorage): Promise<void> {
  await removeRxDatabase(LOCAL_DATABASE_NAME, storage);
  writeOwner(null);
}

/** Opens `userId`'s database and replicates each collection with the API (docs/sync-protocol.md). */
export async function openLocalDatabase(userId: number, options: LocalDatabaseOptions = {}): Promise<LocalDatabase> {
  const fetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  const storage = options.storage ?? dexieStorage;
  await removeUnlessOwnedBy(userId, storage);
  const database: RxDatabase<Collections> = await createRxDatabase<Collections>({
    name: LOCAL_DATABASE_NAME,
    storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
  });
  writeOwner(userId);
  await database.addCollections({
    songs: { schema: songSchema, migrationStrategies: songMigrations },
    stars: { schema: starSchema },
    presets: { schema: presetSchema, migrationStrategies: presetMigrations },
    takes: { schema: takeSchema },
  });
  const collections: Collections = { songs: database.songs, stars: database.stars, presets: database.presets, takes: database.takes };

  const conflictListeners = new Set<ConflictListener>();
  const syncListeners = new Set<() => void>();
  const states = Object.fromEntries(syncCollections.map((name) => [name, 'syncing'])) as Record<SyncCollection, SyncState>;
  const setState = (name: SyncCollection, state: SyncState) => {
    if (states[name] === state) return;
    states[name] = state;
    syncListeners.forEach((listener) => listener());
  };
  const reportConflicts = (collection: PushCollection) => (conflicts: RefusedWrite<StarDocument | PresetDocument | TakeDocument>[]) =>
    conflictListeners.forEach((listener) => listener(collection, conflicts));

  const stream: SyncStream = openSyncStream(options.stream);
  const replications = syncCollections.map((name) => {
    const replication = replicateCollection(name, collections[name] as RxCollection, {
      pull: createPullHandler(name, fetchFn),
      stream$: stream.changes(name),
      push: name === 'songs' ? undefined : createPushHandler(name, fetchFn, reportConflicts(name)),
    });
    // 'failing' only until the first cycle succeeds: it ends the wait for a first pull offline.
    replication.error$.subscribe((error) => {
      console.warn(`Sync of ${name} failed; retrying`, error);
      if (states[name] === 'syncing') setState(name, 'failing');
    });
    void replication.awaitInitialReplication().then(
      () => setState(name, 'synced'),
      () => undefined,
    );
    return replication;
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      stream.close();
      await Promise.all(replications.map((replication) => replication.cancel()));
      await database.close();
    })();
    return closing;
  };

  return {
    userId,
    collections,
    syncState: (name) => states[name],
    onSyncState(listener) {
      syncListeners.add(listener);
      return () => syncListeners.delete(listener);
    },
    onConflicts(listener) {
      conflictListeners.add(listener);
      return () => conflictListeners.delete(listener);
    },
    resync() {
      replications.forEach((replication) => replication.reSync());
    },
    close,
    async remove() {
      await close();
      await removeLocalDatabase(storage);
    },
  };
}

/** One collection's replication; RxDB types handlers without `_deleted`, ours carry it: the casts. */
function replicateCollection(
  name: SyncCollection,
  collection: RxCollection,
  handlers: { pull: unknown; stream$: Observable<unknown>; push: unknown },
) {
  return replicateRxCollection<unknown, SyncCheckpoint>({
    replicationIdentifier: `woodshed-${name}-${REPLICATION_VERSION}`,
    collection,
    live: true,
    retryTime: RETRY_MS,
    pull: {
      handler: handlers.pull as ReplicationPullHandler<unknown, SyncCheckpoint>,
      batchSize: PULL_BATCH,
      stream$: handlers.stream$ as Observable<RxReplicationPullStreamItem<unknown, SyncCheckpoint>>,
    },
    ...(handlers.push === undefined ? {} : { push: { handler: handlers.push as ReplicationPushHandler<unknown>, batchSize: PUSH_BATCH } }),
  });
}
