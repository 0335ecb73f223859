import type { LocalDatabase } from './local-database';
import { OWNER_KEY } from './owner-key';

/** The signed-in session's local database, as screens see it. */
export type DatabaseSession =
  | { status: 'closed' }
  | { status: 'opening'; userId: number }
  | { status: 'ready'; userId: number; database: LocalDatabase }
  | { status: 'failed'; userId: number; error: unknown };

interface DatabaseOpener {
  open(userId: number): Promise<LocalDatabase>;
  /** Deletes the stored database when none is open. */
  removeStored(): Promise<void>;
}

/** The session as an external store (`useSyncExternalStore`). */
interface DatabaseSessionStore {
  getSnapshot(): DatabaseSession;
  subscribe(listener: () => void): () => void;
  /** Opens `userId`'s database unless it is open or opening. */
  openFor(userId: number): void;
  /** Log-out: closes and deletes the database. */
  end(): Promise<void>;
  /** Another tab made the database another user's, or deleted it: this tab closes its copy. */
  release(): Promise<void>;
}

/** A session store whose opening and deleting queue up, so a log-out during the open deletes it after. */
export function createDatabaseSessionStore(opener: DatabaseOpener): DatabaseSessionStore {
  let session: DatabaseSession = { status: 'closed' };
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();
  const set = (next: DatabaseSession) => {
    session = next;
    listeners.forEach((listener) => listener());
  };
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step, step);
    return queue;
  };

  return {
    getSnapshot: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openFor(userId) {
      if (session.status !== 'closed' && session.status !== 'failed' && session.userId === userId) return;
      const previous = session.status === 'ready' ? session.database : null;
      const wanted: DatabaseSession = { status: 'opening', userId };
      set(wanted);
      void enqueue(async () => {
        // Another user's database is deleted by the open (it checks whose it is); this one is closed first.
        await previous?.close();
        try {
          const database = await opener.open(userId);
          if (session !== wanted) {
            await database.close();
            return;
          }
          set({ status: 'ready', userId, database });
        } catch (error) {
          console.error('The local database could not be opened', error);
          if (session === wanted) set({ status: 'failed', userId, error });
        }
      });
    },
    release() {
      const releasing = session;
      if (releasing.status === 'closed') return queue;
      set({ status: 'closed' });
      return enqueue(async () => {
        if (releasing.status === 'ready') await releasing.database.close();
      });
    },
    end() {
      const ending = session;
      set({ status: 'closed' });
      return enqueue(async () => {
        try {
          if (ending.status === 'ready') await ending.database.remove();
          else await opener.removeStored();
        } catch (error) {
          console.error('The local database could not be deleted', error);
        }
      });
    },
  };
}

export const databaseSession = createDatabaseSessionStore({
  // RxDB loads with the first database opened, not with the page (decision 0027).
  open: async (userId) => (await import('./local-database')).openLocalDatabase(userId),
  removeStored: async () => (await import('./local-database')).removeLocalDatabase(),
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== OWNER_KEY && event.key !== null) return;
    const current = databaseSession.getSnapshot();
    if (current.status !== 'closed' && event.newValue !== String(current.userId)) void databaseSession.release();
  });
}
