import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { newEvent } from '../../events/catalog';
import type { EventToAppend } from '../../events/store/event-store';
import { openPgliteSqlClient } from '../../events/store/postgres/pglite-sql-client';
import { type TestApp, startTestApp } from '../../api/testing/start-test-app';
import { signInWithCode, testAuthSecret } from '../../api/testing/test-sign-in';
import type { ScanProgress } from '../../api/features/songs/song-scan';
import type { Song } from '../../contract/song';
import { ensureClientBuilt } from '../app/ensure-client-built';
import { generateDemoLibrary } from '../demo-library/generate-library';
import { genres } from '../demo-library/song-plans';

/** The app the client bench drives: a real app (in this process, PGlite in memory) serving the built client. */
export interface ClientBenchApp {
  url: string;
  /** The session cookie of the bench's signed-in user. */
  session: { name: string; value: string };
  /** The generated demo song (six MP3 stems) and its folder. */
  demoSong: Song;
  demoSongDirectory: string;
  /** Songs in the library, the demo song included. */
  librarySize: number;
  seedSeconds: number;
  stop(): Promise<void>;
}

/** Chromium's flags for the benches that drive the app: headless, and audio that plays without a gesture. */
export const benchChromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'];

/** Ids of the seeded songs start here, far above the ids the scan hands out from 1. */
const firstSeededId = 1_000_001;
const appendBatch = 50;

/** The app with one real demo song scanned and `songs - 1` catalogued ones without files (`Take <n>`). */
export async function startClientBenchApp(options: { songs: number; log: (line: string) => void }): Promise<ClientBenchApp> {
  const { log } = options;
  const root = await mkdtemp(path.join(tmpdir(), 'woodshed-client-bench-'));
  const songsDir = path.join(root, 'songs');
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  let app: TestApp | undefined;
  try {
    log('building the client if stale, generating a demo song, starting the app');
    const [, generated, started] = await Promise.all([
      ensureClientBuilt({ root: repoRoot, logger: pino({ level: 'warn' }) }),
      generateDemoLibrary({ songsDir, truthPath: path.join(root, 'truth.json'), songCount: 1, seed: 'woodshed' }),
      openPgliteSqlClient({}).then((sql) => startTestApp({ sql, config: { authSecret: testAuthSecret, songsDir } })),
    ]);
    app = started;
    const { browser } = await signInWithCode(app.url, 'client-bench@example.com');
    if ((await browser.post('/api/songs/scan')).status !== 202) throw new Error('POST /api/songs/scan did not start a scan');
    for (let progress = await browser.get<ScanProgress>('/api/songs/scan/progress'); progress.body.isScanning; progress = await browser.get<ScanProgress>('/api/songs/scan/progress')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [demoSong] = (await browser.get<Song[]>('/api/songs')).body;
    if (!demoSong || demoSong.stems.length !== 6) throw new Error(`The demo song did not scan with six stems: ${JSON.stringify(demoSong)}`);

    log(`seeding ${(options.songs - 1).toLocaleString('en')} songs through the store`);
    const seedStarted = performance.now();
    let last: string | undefined;
    for (let from = 0; from < options.songs - 1; from += appendBatch) {
      const appends: Array<Promise<{ position: string }>> = [];
      for (let index = from; index < Math.min(from + appendBatch, options.songs - 1); index++) {
        const songId = firstSeededId + index;
        appends.push(app.store.append(`song-${songId}`, [seededSong(songId, index, songsDir)], { expectedVersion: 'no_stream' }));
      }
      for (const { position } of await Promise.all(appends)) if (last === undefined || position > last) last = position;
    }
    const appendSeconds = (performance.now() - seedStarted) / 1000;
    if (last !== undefined) await app.projections.waitForPosition('songs', last, { timeoutMs: 300_000 });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s (appends ${appendSeconds.toFixed(1)} s, then the songs read model caught up)`);

    const value = browser.cookie('woodshed_session');
    if (value === undefined) throw new Error('The bench user is not signed in');
    const running = app;
    return {
      url: app.url,
      session: { name: 'woodshed_session', value },
      demoSong,
      demoSongDirectory: path.join(songsDir, generated.songs[0]!.plan.slug),
      librarySize: options.songs,
      seedSeconds,
      stop: async () => {
        await running.stop();
        await running.sql.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.stop();
    await app?.sql.close();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

/** A song as the scan would catalogue it: a title, a genre, tempo, difficulty and a length. */
function seededSong(songId: number, index: number, songsDir: string): EventToAppend {
  const folder = `take-${index + 1}`;
  const eventId = randomUUID();
  return newEvent(
    'SongCatalogued',
    {
      songId,
      folder,
      files: {
        directory: path.join(songsDir, folder),
        stems: [{ filename: 'drums.mp3', bytes: 1_000_000, modifiedAt: '2025-01-01T00:00:00.000Z', durationSeconds: 60 + (index % 240) }],
        durationSeconds: 60 + (index % 240),
        hasLyrics: false,
        chordInstruments: [],
        sections: [],
        problems: [],
      },
      metadata: { title: `Take ${index + 1}`, genre: genres[index % genres.length]!, genre2: null, key: null, bpm: 60 + (index % 120), difficulty: 1 + (index % 10) },
    },
    { eventId, occurredAt: new Date().toISOString(), userId: null, requestId: eventId, causationId: eventId, correlationId: eventId },
  );
}
