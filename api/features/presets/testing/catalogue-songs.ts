import { randomUUID } from 'node:crypto';
import { type DecidedEvent, newEvent } from '../../../../events/catalog';
import type { TestApp } from '../../../testing/start-test-app';

/** A song as tests catalogue it: an id and its stem file names (no files needed for presets and sync). */
export interface TestSong {
  songId: number;
  stems: readonly string[];
}

/**
 * Append events as the app would (metadata from a test request, the user's id when the data names
 * one) and wait until `readModel` has them.
 */
export async function appendAndWait(app: Pick<TestApp, 'store' | 'projections'>, stream: string, events: readonly DecidedEvent[], readModel: string): Promise<string> {
  const toAppend = events.map((event) =>
    newEvent<DecidedEvent['type']>(event.type, event.data, {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      userId: 'userId' in event.data ? event.data.userId : null,
      requestId: 'test-seed',
      causationId: 'test-seed',
      correlationId: 'test-seed',
    }),
  );
  const { position } = await app.store.append(stream, toAppend, { expectedVersion: 'any' });
  await app.projections.waitForPosition(readModel, position, { timeoutMs: 10_000 });
  return position;
}

/** Catalogue songs straight into the log, as a scan of these folders would. */
export async function catalogueSongs(app: Pick<TestApp, 'store' | 'projections'>, songs: readonly TestSong[]): Promise<void> {
  for (const { songId, stems } of songs) {
    const files = {
      directory: `/srv/songs/song-${songId}`,
      stems: stems.map((filename) => ({ filename, bytes: 1000, modifiedAt: '2025-10-01T08:00:00.000Z', durationSeconds: 60 })),
      durationSeconds: 60,
      hasLyrics: false,
      chordInstruments: [],
      sections: [],
      problems: [],
    };
    const metadata = { title: `Song ${songId}`, genre: 'Rock', genre2: null, key: 'E minor', bpm: 100, difficulty: null };
    await appendAndWait(app, `song-${songId}`, [{ type: 'SongCatalogued', data: { songId, folder: `song-${songId}`, files, metadata } }], 'songs');
  }
}
