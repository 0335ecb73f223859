import { describe, expect, it, vi } from 'vitest';
import { createDatabaseSessionStore } from './database-session';
import type { LocalDatabase } from './local-database';

function fakeDatabase(userId: number, log: string[]): LocalDatabase {
  return {
    userId,
    collections: {} as LocalDatabase['collections'],
    syncState: () => 'synced',
    onSyncState: () => () => {},
    onConflicts: () => () => {},
    resync: () => {},
    close: async () => {
      log.push(`close ${userId}`);
    },
    remove: async () => {
      log.push(`remove ${userId}`);
    },
  };
}

/** An opener whose opens resolve only when the test says so. */
function controlledOpener() {
  const log: string[] = [];
  const pending: { userId: number; resolve: () => void }[] = [];
  const opener = {
    open: (userId: number) =>
      new Promise<LocalDatabase>((resolve) => {
        log.push(`open ${userId}`);
        pending.push({ userId, resolve: () => resolve(fakeDatabase(userId, log)) });
      }),
    removeStored: async () => {
      log.push('removeStored');
    },
  };
  return { opener, log, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Asks the session for a user's database and lets the open it started (the opener's latest) finish. */
async function openAndFinish(session: ReturnType<typeof createDatabaseSessionStore>, pending: ReturnType<typeof controlledOpener>['pending'], userId: number) {
  session.openFor(userId);
  await settle();
  pending.at(-1)?.resolve();
  await settle();
}

describe('the database session', () => {
  it('opens once per signed-in user, however often it is asked', async () => {
    const { opener, log, pending } = controlledOpener();
    const session = createDatabaseSessionStore(opener);
    session.openFor(1);
    await openAndFinish(session, pending, 1);
    session.openFor(1);
    await settle();
    expect(log).toEqual(['open 1']);
    expect(session.getSnapshot()).toMatchObject({ status: 'ready', userId: 1 });
  });

  it('closes the first user\'s database before opening another user\'s', async () => {
    const { opener, log, pending } = controlledOpener();
    const session = createDatabaseSessionStore(opener);
    await openAndFinish(session, pending, 1);
    await openAndFinish(session, pending, 2);
    expect(log).toEqual(['open 1', 'close 1', 'open 2']);
    expect(session.getSnapshot()).toMatchObject({ status: 'ready', userId: 2 });
  });

  it('deletes the database on log-out, also one that was still opening', async () => {
    const { opener, log, pending } = controlledOpener();
    const session = createDatabaseSessionStore(opener);
    session.openFor(1);
    await settle();
    const ended = session.end();
    expect(session.getSnapshot()).toEqual({ status: 'closed' });
    pending[0]?.resolve();
    await ended;
    // The late open is closed, then the stored data deleted; nothing is left open for anyone.
    expect(log).toEqual(['open 1', 'close 1', 'removeStored']);
    expect(session.getSnapshot()).toEqual({ status: 'closed' });
  });

  it('removes an open database on log-out and tells its listeners', async () => {
    const { opener, log, pending } = controlledOpener();
    const session = createDatabaseSessionStore(opener);
    const listener = vi.fn();
    session.subscribe(listener);
    await openAndFinish(session, pending, 1);
    await session.end();
    expect(log).toEqual(['open 1', 'remove 1']);
    expect(listener.mock.calls.length).toBe(3);
  });

  it('reports a failed open and tries again when asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const session = createDatabaseSessionStore({
      open: async (userId) => {
        attempts += 1;
        if (attempts === 1) throw new Error('IndexedDB is not available');
        return fakeDatabase(userId, []);
      },
      removeStored: async () => {},
    });
    session.openFor(3);
    await settle();
    expect(session.getSnapshot()).toMatchObject({ status: 'failed', userId: 3 });
    session.openFor(3);
    await settle();
    expect(session.getSnapshot()).toMatchObject({ status: 'ready', userId: 3 });
  });

  it('lets go of the database when another tab hands it to another user, without deleting it', async () => {
    const { opener, log, pending } = controlledOpener();
    const session = createDatabaseSessionStore(opener);
    await openAndFinish(session, pending, 1);
    await session.release();
    expect(log).toEqual(['open 1', 'close 1']);
    expect(session.getSnapshot()).toEqual({ status: 'closed' });
  });
});
