import { committed, databaseOpener, done } from '../indexed-db/indexed-db';
import type { RecordingChunk, TakeAudio, TakeAudioStore } from './take-audio';

const DATABASE_NAME = 'woodshed-takes';
const CHUNKS = 'chunks';
const TAKES = 'takes';
const TAKES_BY_RECORDING = 'byRecording';

interface ChunkRow extends RecordingChunk {
  userId: number;
  recordingId: string;
}

interface TakeRow extends TakeAudio {
  userId: number;
}

const database = databaseOpener(DATABASE_NAME, (db) => {
  db.createObjectStore(CHUNKS, { keyPath: ['userId', 'recordingId', 'index'] });
  const takes = db.createObjectStore(TAKES, { keyPath: ['userId', 'takeId'] });
  takes.createIndex(TAKES_BY_RECORDING, ['userId', 'recordingId']);
});

const recordingChunks = (userId: number, recordingId: string) => IDBKeyRange.bound([userId, recordingId, 0], [userId, recordingId, Infinity]);

/** Takes' audio in IndexedDB, a database of its own beside the stems kept for offline practice. */
export const indexedDbTakeAudioStore: TakeAudioStore = {
  async appendChunk(userId, recordingId, chunk) {
    const db = await database();
    const transaction = db.transaction(CHUNKS, 'readwrite');
    transaction.objectStore(CHUNKS).put({ userId, recordingId, ...chunk } satisfies ChunkRow);
    await committed(transaction);
  },

  async chunksOf(userId, recordingId) {
    const db = await database();
    const rows = (await done(db.transaction(CHUNKS).objectStore(CHUNKS).getAll(recordingChunks(userId, recordingId)))) as ChunkRow[];
    return rows.map(({ index, offset, samples }) => ({ index, offset, samples }));
  },

  async saveTakes(userId, takes) {
    const db = await database();
    const transaction = db.transaction(TAKES, 'readwrite');
    for (const take of takes) transaction.objectStore(TAKES).put({ userId, ...take } satisfies TakeRow);
    await committed(transaction);
  },

  async findTake(userId, takeId) {
    const db = await database();
    const row = (await done(db.transaction(TAKES).objectStore(TAKES).get([userId, takeId]))) as TakeRow | undefined;
    if (!row) return undefined;
    const { userId: _userId, ...take } = row;
    return take;
  },

  async takeIdsOf(userId) {
    const db = await database();
    const keys = await done(db.transaction(TAKES).objectStore(TAKES).getAllKeys(IDBKeyRange.bound([userId, ''], [userId, '\uffff'])));
    return new Set(keys.map((key) => String((key as [number, string])[1])));
  },

  async deleteTake(userId, takeId) {
    const db = await database();
    const transaction = db.transaction([TAKES, CHUNKS], 'readwrite');
    const takes = transaction.objectStore(TAKES);
    const take = (await done(takes.get([userId, takeId]))) as TakeRow | undefined;
    if (take) {
      takes.delete([userId, takeId]);
      const siblings = await done(takes.index(TAKES_BY_RECORDING).getAllKeys(IDBKeyRange.only([userId, take.recordingId])));
      if (siblings.every((key) => (key as [number, string])[1] === takeId)) transaction.objectStore(CHUNKS).delete(recordingChunks(userId, take.recordingId));
    }
    await committed(transaction);
  },

  async discardRecording(userId, recordingId) {
    const db = await database();
    const transaction = db.transaction(CHUNKS, 'readwrite');
    transaction.objectStore(CHUNKS).delete(recordingChunks(userId, recordingId));
    await committed(transaction);
  },
};

/** The store of this browser; null where there is no IndexedDB. */
export function takeAudioStore(): TakeAudioStore | null {
  return typeof indexedDB === 'undefined' ? null : indexedDbTakeAudioStore;
}
