import { committed, databaseOpener, done } from '../indexed-db/indexed-db';
import type { KeptSong, KeptStem, KeptStemStore } from './kept-records';

const DATABASE_NAME = 'woodshed-kept-stems';
const SONGS = 'songs';
const STEMS = 'stems';
const STEMS_BY_SONG = 'bySong';

const database = databaseOpener(DATABASE_NAME, (db) => {
  db.createObjectStore(SONGS, { keyPath: ['userId', 'songId'] });
  const stems = db.createObjectStore(STEMS, { keyPath: ['userId', 'songId', 'url'] });
  stems.createIndex(STEMS_BY_SONG, ['userId', 'songId']);
});

/** Every key of `songId`'s stems for `userId`: the bySong index's range of that pair. */
function songRange(userId: number, songId: number): IDBKeyRange {
  return IDBKeyRange.only([userId, songId]);
}

/** Kept songs in IndexedDB (decision 0033): a song's row and its stems change in one transaction, so the sizes shown never drift. */
export const indexedDbStemStore: KeptStemStore = {
  async getStem(userId, songId, url) {
    const db = await database();
    return (await done(db.transaction(STEMS).objectStore(STEMS).get([userId, songId, url]))) as KeptStem | undefined;
  },

  async stemsOf(userId, songId) {
    const db = await database();
    const stems = (await done(db.transaction(STEMS).objectStore(STEMS).index(STEMS_BY_SONG).getAll(songRange(userId, songId)))) as KeptStem[];
    return stems.map(({ body: _body, ...rest }) => rest);
  },

  async putStem(stem, songIfNew) {
    const db = await database();
    const transaction = db.transaction([SONGS, STEMS], 'readwrite');
    const songs = transaction.objectStore(SONGS);
    const stems = transaction.objectStore(STEMS);
    const [previous, song] = await Promise.all([
      done(stems.get([stem.userId, stem.songId, stem.url])) as Promise<KeptStem | undefined>,
      done(songs.get([stem.userId, stem.songId])) as Promise<KeptSong | undefined>,
    ]);
    const row: KeptSong = song ?? { ...songIfNew, bytes: 0, stemCount: 0 };
    row.bytes += stem.bytes - (previous?.bytes ?? 0);
    row.stemCount += previous ? 0 : 1;
    stems.put(stem);
    songs.put(row);
    await committed(transaction);
  },

  async getSong(userId, songId) {
    const db = await database();
    return (await done(db.transaction(SONGS).objectStore(SONGS).get([userId, songId]))) as KeptSong | undefined;
  },

  async touchSong(update) {
    const db = await database();
    const transaction = db.transaction(SONGS, 'readwrite');
    const songs = transaction.objectStore(SONGS);
    const song = (await done(songs.get([update.userId, update.songId]))) as KeptSong | undefined;
    songs.put({ bytes: 0, stemCount: 0, ...song, ...update });
    await committed(transaction);
  },

  async songsOf(userId) {
    const db = await database();
    const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
    return (await done(db.transaction(SONGS).objectStore(SONGS).getAll(range))) as KeptSong[];
  },

  async deleteSong(userId, songId) {
    const db = await database();
    const transaction = db.transaction([SONGS, STEMS], 'readwrite');
    transaction.objectStore(SONGS).delete([userId, songId]);
    const stems = transaction.objectStore(STEMS);
    const keys = await done(stems.index(STEMS_BY_SONG).getAllKeys(songRange(userId, songId)));
    for (const key of keys) stems.delete(key);
    await committed(transaction);
  },
};
