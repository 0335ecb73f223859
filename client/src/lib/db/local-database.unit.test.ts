import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetSchema, songSchema } from './collection-schemas';
import { LOCAL_DATABASE_NAME, OWNER_KEY, openLocalDatabase } from './local-database';
import type { LocalDatabase } from './local-database';
import { removePreset, removeTake, renameTake, watchCollection, writePreset, writeStar, writeTake } from './local-documents';
import type { LocalCollectionName, LocalDocuments } from './local-documents';
import { documentContent, sameDocument } from './replication-handlers';
import type { SyncFetch } from './replication-handlers';
import { songDocument } from './testing/song-document';
import type { EventSourceLike } from './sync-stream';

type Doc = { id: string; _deleted: boolean } & Record<string, unknown>;

/**
 * The API side of docs/sync-protocol.md in memory: documents with log positions, pages after a
 * position, pushes that conflict on a stale assumed state, and presets refused to free users.
 */
class FakeSyncServer {
  position = 0;
  readonly rows: Record<string, Map<string, { doc: Doc; position: number }>> = { songs: new Map(), stars: new Map(), presets: new Map(), takes: new Map() };
  pro = true;
  clock = 1_000_000;
  pushes: { collection: string; rows: unknown[] }[] = [];

  put(collection: string, doc: Doc) {
    this.position += 1;
    this.rows[collection]?.set(doc.id, { doc, position: this.position });
  }

  current(collection: string, id: string): Doc | null {
    return this.rows[collection]?.get(id)?.doc ?? null;
  }

  readonly fetch: SyncFetch = async (url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://app.test');
    const [, , , collection, verb] = pathname.split('/');
    if (!collection || !this.rows[collection]) return new Response('', { status: 404 });
    if (verb === 'pull') {
      const after = Number(searchParams.get('position') ?? 0);
      const limit = Number(searchParams.get('limit'));
      const page = [...(this.rows[collection]?.values() ?? [])].filter((row) => row.position > after).sort((a, b) => a.position - b.position).slice(0, limit);
      const checkpoint = page.length > 0 ? { position: String(page.at(-1)?.position) } : searchParams.has('position') ? { position: String(after) } : null;
      return Response.json({ documents: page.map((row) => row.doc), checkpoint });
    }
    const rows = JSON.parse(String(init.body)) as { assumedMasterState: Doc | null; newDocumentState: Doc }[];
    this.pushes.push({ collection, rows });
    const conflicts: Doc[] = [];
    for (const row of rows) {
      const name = collection as 'stars' | 'presets' | 'takes';
      const stored = this.current(collection, row.newDocumentState.id);
      const none = {
        stars: { id: row.newDocumentState.id, starred: false, updatedAt: 0, _deleted: false },
        presets: { id: row.newDocumentState.id, volumes: {}, mutes: {}, tempo: 1, transpose: 0, updatedAt: 0, _deleted: true },
        takes: { ...row.newDocumentState, updatedAt: 0, _deleted: true },
      };
      const master = stored ?? none[name];
      const refused = name === 'presets' && !this.pro;
      // As the API does: content compared, not updatedAt, which the API stamps with its own time.
      if (refused || !sameDocument(documentContent(name, master as never), documentContent(name, row.assumedMasterState as never))) {
        conflicts.push(master);
        continue;
      }
      this.clock += 1_000;
      this.put(collection, { ...row.newDocumentState, updatedAt: this.clock });
    }
    return Response.json(conflicts);
  };
}

class QuietEventSource implements EventSourceLike {
  static last: QuietEventSource | null = null;
  readyState = 1;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    QuietEventSource.last = this;
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  close() {}
}

const song = (id: number, title: string): Doc => songDocument(id, title);

const opened: LocalDatabase[] = [];
async function open(server: FakeSyncServer, userId = 1): Promise<LocalDatabase> {
  const database = await openLocalDatabase(userId, {
    storage: getRxStorageMemory(),
    fetch: server.fetch,
    multiInstance: false,
    stream: { connect: () => new QuietEventSource() },
  });
  opened.push(database);
  return database;
}

/** Resolves with the collection's documents once `check` accepts them. */
function documentsWhen<Name extends LocalCollectionName>(database: LocalDatabase, collection: Name, check: (documents: LocalDocuments[Name][]) => boolean) {
  return new Promise<LocalDocuments[Name][]>((resolve) => {
    const stop = watchCollection(database, collection, (documents) => {
      if (!check(documents)) return;
      queueMicrotask(() => stop());
      resolve(documents);
    });
  });
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.remove()));
  vi.restoreAllMocks();
});

describe('the local database and its replication', () => {
  it('pulls the catalogue and the stars into the local collections', async () => {
    const server = new FakeSyncServer();
    server.put('songs', song(1, 'Night Drive'));
    server.put('songs', song(2, 'Blue Hour'));
    server.put('stars', { id: '2', starred: true, updatedAt: 5, _deleted: false });
    const database = await open(server);
    const songs = await documentsWhen(database, 'songs', (documents) => documents.length === 2);
    expect(songs.map((item) => item.title).sort()).toEqual(['Blue Hour', 'Night Drive']);
    expect(await documentsWhen(database, 'stars', (documents) => documents.length === 1)).toEqual([{ id: '2', starred: true, updatedAt: 5 }]);
    await until(() => database.syncState('songs') === 'synced' && database.syncState('stars') === 'synced');
  });

  it('writes a star locally at once and pushes it with the state it assumed', async () => {
    const server = new FakeSyncServer();
    server.put('songs', song(1, 'Night Drive'));
    server.put('stars', { id: '1', starred: false, updatedAt: 5, _deleted: false });
    const database = await open(server);
    await documentsWhen(database, 'stars', (documents) => documents.length === 1);
    await writeStar(database, 1, true, 99);
    expect(await documentsWhen(database, 'stars', (documents) => documents[0]?.starred === true)).toEqual([{ id: '1', starred: true, updatedAt: 99 }]);
    await until(() => server.current('stars', '1')?.starred === true);
    expect(server.pushes.at(-1)?.rows).toEqual([
      { assumedMasterState: { id: '1', starred: false, updatedAt: 5, _deleted: false }, newDocumentState: { id: '1', starred: true, updatedAt: 99, _deleted: false } },
    ]);
  });

  it('keeps both of two quick changes, pushed before the first came back from the API', async () => {
    const server = new FakeSyncServer();
    server.put('songs', song(1, 'Night Drive'));
    const database = await open(server);
    await until(() => database.syncState('stars') === 'synced');
    await writeStar(database, 1, true, 10);
    await writeStar(database, 1, false, 11);
    await writeStar(database, 1, true, 12);
    await until(() => server.pushes.length >= 1 && server.current('stars', '1')?.starred === true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.current('stars', '1')?.starred).toBe(true);
    expect((await documentsWhen(database, 'stars', () => true))[0]?.starred).toBe(true);
  });

  it('takes the server state when a preset is refused, and tells the listener it was refused', async () => {
    const server = new FakeSyncServer();
    server.pro = false;
    const database = await open(server);
    await until(() => database.syncState('presets') === 'synced');
    const heard: { collection: string; refused: boolean[] }[] = [];
    database.onConflicts((collection, conflicts) => heard.push({ collection, refused: conflicts.map((conflict) => conflict.refused) }));
    await writePreset(database, 4, { volumes: { 'bass.wav': 0.5 }, mutes: { 'bass.wav': true }, tempo: 1, transpose: 0 }, 10);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ collection: 'presets', refused: [true] }]);
    await documentsWhen(database, 'presets', (documents) => documents.length === 0);
    expect(server.current('presets', '4')).toBeNull();
  });

  it('saves, resets and saves again a preset of a Pro user, with its tempo and transpose', async () => {
    const server = new FakeSyncServer();
    const database = await open(server);
    await writePreset(database, 4, { volumes: { 'bass.wav': 0.5 }, mutes: {}, tempo: 1, transpose: 0 }, 10);
    await until(() => server.current('presets', '4')?._deleted === false);
    await removePreset(database, 4);
    await until(() => server.current('presets', '4')?._deleted === true);
    await writePreset(database, 4, { volumes: { 'bass.wav': 0.25 }, mutes: { 'bass.wav': true }, tempo: 0.7, transpose: 2 }, 30);
    await until(() => server.current('presets', '4')?._deleted === false);
    expect(server.current('presets', '4')).toMatchObject({ id: '4', volumes: { 'bass.wav': 0.25 }, mutes: { 'bass.wav': true }, tempo: 0.7, transpose: 2, _deleted: false });
  });

  it('pulls a preset of another device with its tempo and transpose; one from an API without them is 1x and 0', async () => {
    const server = new FakeSyncServer();
    server.put('presets', { id: '4', volumes: { 'bass.wav': 0.5 }, mutes: {}, tempo: 0.7, transpose: -3, updatedAt: 5, _deleted: false });
    server.put('presets', { id: '5', volumes: {}, mutes: { 'drums.wav': true }, updatedAt: 6, _deleted: false });
    const database = await open(server);
    const presets = await documentsWhen(database, 'presets', (documents) => documents.length === 2);
    expect(presets.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '4', volumes: { 'bass.wav': 0.5 }, mutes: {}, tempo: 0.7, transpose: -3, updatedAt: 5 },
      { id: '5', volumes: {}, mutes: { 'drums.wav': true }, tempo: 1, transpose: 0, updatedAt: 6 },
    ]);
  });

  it('records a take by pushing its metadata, then renames and deletes it', async () => {
    const server = new FakeSyncServer();
    const database = await open(server);
    await until(() => database.syncState('takes') === 'synced');
    const takeId = '00000000-0000-4000-8000-0000000000d1';
    const take = {
      id: takeId,
      songId: '4',
      name: 'Take 1',
      recordedAt: 1_700_000_000_000,
      localDate: '2023-11-14',
      durationSeconds: 12.5,
      startSeconds: 3,
      tempo: 0.9,
      transpose: 0,
      scope: 'song' as const,
      range: null,
      latencySeconds: 0.01,
      updatedAt: 10,
    };
    await writeTake(database, take);
    await until(() => server.current('takes', takeId)?._deleted === false);
    expect(server.pushes.at(-1)).toEqual({ collection: 'takes', rows: [{ assumedMasterState: null, newDocumentState: { ...take, _deleted: false } }] });
    await renameTake(database, takeId, 'Keeper', 20);
    await until(() => server.current('takes', takeId)?.name === 'Keeper');
    await removeTake(database, takeId);
    await until(() => server.current('takes', takeId)?._deleted === true);
    expect(await documentsWhen(database, 'takes', (documents) => documents.length === 0)).toEqual([]);
  });

  it('applies changes from the stream without waiting for a pull', async () => {
    const server = new FakeSyncServer();
    const database = await open(server);
    await until(() => database.syncState('stars') === 'synced');
    QuietEventSource.last?.send({ collection: 'stars', documents: [{ id: '8', starred: true, updatedAt: 7, _deleted: false }], checkpoint: { position: '40' } });
    expect(await documentsWhen(database, 'stars', (documents) => documents.length === 1)).toEqual([{ id: '8', starred: true, updatedAt: 7 }]);
  });

  describe('whose data it is', () => {
    function stubLocalStorage() {
      const items = new Map<string, string>();
      vi.stubGlobal('localStorage', {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
        removeItem: (key: string) => items.delete(key),
      });
    }
    // Each test keeps its own localStorage; the warnings of the offline reopens are expected.
    beforeEach(() => {
      stubLocalStorage();
      vi.spyOn(console, 'warn').mockImplementation(() => {});
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    async function starredThenClosed(userId: number, how: 'close' | 'remove') {
      const server = new FakeSyncServer();
      server.put('stars', { id: '3', starred: true, updatedAt: 1, _deleted: false });
      const database = await open(server, userId);
      await documentsWhen(database, 'stars', (documents) => documents.length === 1);
      opened.splice(opened.indexOf(database), 1);
      await database[how]();
    }

    /** Opens for `userId` with the API unreachable: only what is stored locally shows. */
    async function reopenOffline(userId: number) {
      const database = await openLocalDatabase(userId, {
        storage: getRxStorageMemory(),
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
        multiInstance: false,
        stream: { connect: () => new QuietEventSource() },
      });
      opened.push(database);
      return database;
    }

    it('keeps the same user\'s stars across a reload, even offline', async () => {
      await starredThenClosed(1, 'close');
      const again = await reopenOffline(1);
      expect(await documentsWhen(again, 'stars', () => true)).toEqual([{ id: '3', starred: true, updatedAt: 1 }]);
    });

    it("never opens one user's stars for another user", async () => {
      await starredThenClosed(1, 'close');
      const other = await reopenOffline(2);
      expect(await documentsWhen(other, 'stars', () => true)).toEqual([]);
    });

    it('migrates the presets this browser kept before tempo and transpose: they play at 1x and 0', async () => {
      const storage = getRxStorageMemory();
      const before = await createRxDatabase({ name: LOCAL_DATABASE_NAME, storage, multiInstance: false });
      const { tempo: _tempo, transpose: _transpose, ...versionZeroProperties } = presetSchema.properties;
      await before.addCollections({
        presets: { schema: { ...presetSchema, version: 0, properties: versionZeroProperties, required: ['id', 'volumes', 'mutes', 'updatedAt'] } },
      });
      await before.presets.insert({ id: '4', volumes: { 'bass.wav': 0.5 }, mutes: { 'bass.wav': true }, updatedAt: 3 });
      await before.close();
      localStorage.setItem(OWNER_KEY, '1');
      const after = await reopenOffline(1);
      expect(await documentsWhen(after, 'presets', (documents) => documents.length === 1)).toEqual([
        { id: '4', volumes: { 'bass.wav': 0.5 }, mutes: { 'bass.wav': true }, tempo: 1, transpose: 0, updatedAt: 3 },
      ]);
    });

    it('migrates the songs this browser kept before first beats: none known until the pull brings them', async () => {
      const storage = getRxStorageMemory();
      const before = await createRxDatabase({ name: LOCAL_DATABASE_NAME, storage, multiInstance: false });
      const { firstBeat: _firstBeat, ...versionZeroProperties } = songSchema.properties;
      await before.addCollections({ songs: { schema: { ...songSchema, version: 0, properties: versionZeroProperties } } });
      const { _deleted: _gone, ...stored } = song(1, 'Night Drive');
      await before.songs.insert(stored);
      await before.close();
      localStorage.setItem(OWNER_KEY, '1');
      const after = await reopenOffline(1);
      expect(await documentsWhen(after, 'songs', (documents) => documents.length === 1)).toEqual([{ ...stored, firstBeat: null }]);
    });

    it('deletes everything on remove() (log-out)', async () => {
      await starredThenClosed(1, 'remove');
      const again = await reopenOffline(1);
      expect(await documentsWhen(again, 'stars', () => true)).toEqual([]);
    });
  });
});
