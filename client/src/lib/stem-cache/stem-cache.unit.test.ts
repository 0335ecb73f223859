import { describe, expect, it } from 'vitest';
import type { KeptSong, KeptStem, KeptStemStore } from './kept-records';
import { StemCache } from './stem-cache';
import type { StemHeadAnswer } from './stem-source-choice';

/** The store's contract in memory, as IndexedDB keeps it (one map per object store). */
function memoryStore(): KeptStemStore & { stems: Map<string, KeptStem>; songs: Map<string, KeptSong> } {
  const stems = new Map<string, KeptStem>();
  const songs = new Map<string, KeptSong>();
  const songKey = (userId: number, songId: number) => `${userId}/${songId}`;
  const stemKey = (userId: number, songId: number, url: string) => `${userId}/${songId}/${url}`;
  return {
    stems,
    songs,
    getStem: async (userId, songId, url) => stems.get(stemKey(userId, songId, url)),
    stemsOf: async (userId, songId) =>
      [...stems.values()].filter((stem) => stem.userId === userId && stem.songId === songId).map(({ body: _body, ...rest }) => rest),
    async putStem(stem, songIfNew) {
      const key = stemKey(stem.userId, stem.songId, stem.url);
      const previous = stems.get(key);
      const song = songs.get(songKey(stem.userId, stem.songId)) ?? { ...songIfNew, bytes: 0, stemCount: 0 };
      songs.set(songKey(stem.userId, stem.songId), { ...song, bytes: song.bytes + stem.bytes - (previous?.bytes ?? 0), stemCount: song.stemCount + (previous ? 0 : 1) });
      stems.set(key, stem);
    },
    getSong: async (userId, songId) => songs.get(songKey(userId, songId)),
    async touchSong(update) {
      const song = songs.get(songKey(update.userId, update.songId));
      songs.set(songKey(update.userId, update.songId), { bytes: 0, stemCount: 0, ...song, ...update });
    },
    songsOf: async (userId) => [...songs.values()].filter((song) => song.userId === userId),
    async deleteSong(userId, songId) {
      songs.delete(songKey(userId, songId));
      for (const [key, stem] of stems) if (stem.userId === userId && stem.songId === songId) stems.delete(key);
    },
  };
}

const urlOf = (songId: number, file: string) => `http://app.test/api/stems/stream/${songId}/${file}`;
const songOf = (id: number) => ({ id, title: `Song ${id}`, song: { id, title: `Song ${id}` } });

/** A stream that counts its GETs and answers each stem's bytes with a fixed ETag. */
function streamServer(bytesOf: (url: string) => number) {
  const gets: string[] = [];
  const fetchFn: typeof fetch = async (input) => {
    const url = String(input);
    gets.push(url);
    const body = new Uint8Array(bytesOf(url)).fill(7);
    return new Response(body, { status: 200, headers: { 'Content-Length': String(body.length), ETag: '"v1"' } });
  };
  const head = async (): Promise<StemHeadAnswer> => ({ kind: 'answered', status: 200, etag: '"v1"' });
  return { gets, fetchFn, head };
}

async function openSong(cache: StemCache, songId: number, files: string[], server: ReturnType<typeof streamServer>, head = server.head) {
  const urls = files.map((file) => urlOf(songId, file));
  const plan = await cache.plan(songId, urls, head);
  const fetchFn = cache.fetchFor(songOf(songId), plan, server.fetchFn);
  const bodies = await Promise.all(urls.map(async (url) => new Uint8Array(await (await fetchFn(url)).arrayBuffer())));
  await cache.opened(songOf(songId));
  return { plan, bodies };
}

describe('StemCache bookkeeping', () => {
  it('keeps each stem as first streamed and answers the next open from the store, streaming nothing', async () => {
    const store = memoryStore();
    const server = streamServer(() => 1000);
    let clock = 1;
    const cache = new StemCache(store, 5, { now: () => clock++ });
    const first = await openSong(cache, 1, ['drums.mp3', 'bass.mp3'], server);
    expect([...first.plan.values()]).toEqual(['stream', 'stream']);
    expect(server.gets).toHaveLength(2);
    expect(await cache.songs()).toEqual([expect.objectContaining({ songId: 1, title: 'Song 1', bytes: 2000, stemCount: 2 })]);

    const second = await openSong(cache, 1, ['drums.mp3', 'bass.mp3'], server);
    expect([...second.plan.values()]).toEqual(['kept', 'kept']);
    expect(server.gets).toHaveLength(2);
    expect(second.bodies.map((body) => body.length)).toEqual([1000, 1000]);
    expect(second.bodies[0]!.every((byte) => byte === 7)).toBe(true);
    // Served again, not stored again: the byte count did not grow.
    expect((await cache.songs())[0]!.bytes).toBe(2000);
    expect(await cache.keptSong(1)).toEqual({ id: 1, title: 'Song 1' });
  });

  it('re-streams a stem whose ETag changed and counts its new size in place of the old', async () => {
    const store = memoryStore();
    let size = 1000;
    const server = streamServer(() => size);
    const cache = new StemCache(store, 5);
    await openSong(cache, 1, ['drums.mp3'], server);
    size = 3000;
    const changed = await openSong(cache, 1, ['drums.mp3'], server, async () => ({ kind: 'answered', status: 200, etag: '"v2"' }));
    expect([...changed.plan.values()]).toEqual(['stream']);
    expect(server.gets).toHaveLength(2);
    expect(await cache.songs()).toEqual([expect.objectContaining({ bytes: 3000, stemCount: 1 })]);
  });

  it("never shows or serves one user's stems to another user of the browser", async () => {
    const store = memoryStore();
    const server = streamServer(() => 500);
    await openSong(new StemCache(store, 5), 1, ['drums.mp3'], server);
    const other = new StemCache(store, 6);
    expect(await other.songs()).toEqual([]);
    expect(await other.keptSong(1)).toBeUndefined();
    const offline = await other.plan(1, [urlOf(1, 'drums.mp3')], async () => ({ kind: 'unreachable' }));
    expect([...offline.values()]).toEqual(['unavailable']);
    await other.clearAll();
    expect(await new StemCache(store, 5).songs()).toHaveLength(1);
  });

  it('keeps nothing of a response that is not a whole 200 (an error, or a body cut short)', async () => {
    const store = memoryStore();
    const cache = new StemCache(store, 5);
    const url = urlOf(1, 'drums.mp3');
    const plan = new Map([[url, 'stream' as const]]);
    const refused = cache.fetchFor(songOf(1), plan, async () => new Response('{"error":"no"}', { status: 403 }));
    expect((await refused(url)).status).toBe(403);
    const short = cache.fetchFor(songOf(1), plan, async () => new Response(new Uint8Array(10), { status: 200, headers: { 'Content-Length': '99' } }));
    await short(url);
    expect(store.stems.size).toBe(0);
    expect(await cache.songs()).toEqual([]);
  });

  it('drops the songs opened longest ago beyond the limit when a song is opened, and clears per song and all', async () => {
    const store = memoryStore();
    const server = streamServer(() => 100);
    let clock = 1;
    const cache = new StemCache(store, 5, { limits: { maxSongs: 2, maxBytes: Infinity }, now: () => clock++ });
    await openSong(cache, 1, ['a.mp3'], server);
    await openSong(cache, 2, ['a.mp3'], server);
    await openSong(cache, 1, ['a.mp3'], server); // 1 is now the most recent
    await openSong(cache, 3, ['a.mp3'], server);
    expect((await cache.songs()).map((song) => song.songId)).toEqual([3, 1]);
    expect([...store.stems.values()].map((stem) => stem.songId).sort()).toEqual([1, 3]);

    await cache.clearSong(3);
    expect((await cache.songs()).map((song) => song.songId)).toEqual([1]);
    await cache.clearAll();
    expect(await cache.songs()).toEqual([]);
    expect(store.stems.size).toBe(0);
  });
});
