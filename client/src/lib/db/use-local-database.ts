import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useCurrentUserQuery } from '../api/current-user-api';
import { databaseSession } from './database-session';
import type { LocalDatabase, SyncState } from './local-database';
import { watchCollection, watchDocument } from './local-documents';
import type { LocalCollectionName, LocalDocuments } from './local-documents';
import type { SyncCollection } from '../../../../contract/sync-documents';

/** The signed-in user's local database, for screens. */
export interface LocalDatabaseView {
  /** Null until it is open (and after a log-out). */
  database: LocalDatabase | null;
  status: 'signedOut' | 'opening' | 'ready' | 'failed';
  /** Tries to open it again after a failure. */
  retry(): void;
}

/** The signed-in user's database, opened on first use and shared by every screen for the session. */
export function useLocalDatabase(): LocalDatabaseView {
  const { data: user } = useCurrentUserQuery();
  const userId = user?.id ?? null;
  const session = useSyncExternalStore(databaseSession.subscribe, databaseSession.getSnapshot);
  useEffect(() => {
    if (userId !== null) databaseSession.openFor(userId);
  }, [userId]);
  const retry = useCallback(() => {
    if (userId !== null) databaseSession.openFor(userId);
  }, [userId]);

  if (userId === null || session.status === 'closed' || session.userId !== userId) {
    return { database: null, status: userId === null ? 'signedOut' : 'opening', retry };
  }
  return { database: session.status === 'ready' ? session.database : null, status: session.status, retry };
}

/** Every document of `collection`, live; undefined until the first read answered. */
export function useLocalCollection<Name extends LocalCollectionName>(database: LocalDatabase | null, collection: Name): LocalDocuments[Name][] | undefined {
  const [read, setRead] = useState<{ database: LocalDatabase; documents: LocalDocuments[Name][] } | null>(null);
  useEffect(() => {
    if (!database) return;
    return watchCollection(database, collection, (documents) => setRead({ database, documents }));
  }, [database, collection]);
  // A read of a database that is no longer the current one (log-out, another user) never shows.
  return read !== null && read.database === database ? read.documents : undefined;
}

/** One document of `collection`, live: undefined until read, null while there is none. */
export function useLocalDocument<Name extends LocalCollectionName>(
  database: LocalDatabase | null,
  collection: Name,
  id: string,
): LocalDocuments[Name] | null | undefined {
  const [read, setRead] = useState<{ database: LocalDatabase; id: string; document: LocalDocuments[Name] | null } | null>(null);
  useEffect(() => {
    if (!database) return;
    return watchDocument(database, collection, id, (document) => setRead({ database, id, document }));
  }, [database, collection, id]);
  return read !== null && read.database === database && read.id === id ? read.document : undefined;
}

const noDatabase = () => () => {};

/** Where the replication of `collection` stands ('syncing' while there is no database). */
export function useSyncState(database: LocalDatabase | null, collection: SyncCollection): SyncState {
  return useSyncExternalStore(
    database ? database.onSyncState : noDatabase,
    () => database?.syncState(collection) ?? 'syncing',
  );
}
