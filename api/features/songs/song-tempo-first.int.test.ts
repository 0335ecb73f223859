import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findSong } from '../../../projections/songs/songs-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { testAuthSecret } from '../../testing/test-sign-in';
import type { HarmonyAnalysis, TempoAnalysis } from './analysis/song-analysis';
import { type ScanAnalyser, SongScanner } from './song-scan';
import { wav, write } from './testing/song-files';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-tempo-first-'));
afterAll(() => rmSync(songsDir, { recursive: true, force: true }));

/** The tempo the stand-in analyser finds for each song folder (by the folder's name in the stem paths). */
const tempoOf: Record<string, { bpm: number; firstBeat: number }> = { first: { bpm: 96, firstBeat: 0.25 }, second: { bpm: 132, firstBeat: 0.5 } };

describeAppOnEveryDatabase('a scan records each song’s tempo before its key and chords', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  beforeAll(() => {
    rmSync(songsDir, { recursive: true, force: true });
    // No song.json, no chord files: tempo, key and chords all come from the analysis.
    for (const folder of Object.keys(tempoOf)) write(path.join(songsDir, folder, 'drums.wav'), wav(1));
  });

  it('the song shows its detected BPM and first beat while its key and chords are still being detected', async () => {
    const deps = { ...env.app, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) };
    const folderOf = (stems: readonly string[]) => path.basename(path.dirname(stems[0]!));
    /** What the library said of each song when the analysis started on its key and chords. */
    const seenAtHarmony = new Map<string, unknown>();
    const analyser: ScanAnalyser = {
      tempo: (stems) => {
        const { bpm, firstBeat } = tempoOf[folderOf(stems)]!;
        return Promise.resolve<TempoAnalysis>({ bpm, firstBeat, beats: [firstBeat, firstBeat + 60 / bpm], problems: [] });
      },
      harmony: async (stems) => {
        const folder = folderOf(stems);
        // The folder's id, from the registry the scan writes before it appends (the read model may not have the song yet).
        const song = (await deps.sql.query<{ song_id: number }>(`SELECT song_id FROM song_folders WHERE folder = $1`, [folder])).rows[0]!;
        // Everything the song's stream holds so far is in the songs read model: what the player could
        // show now. (Waiting for the log's head is not enough on a shared server: the head a reader
        // sees stops before another test's open transaction, and this song's last event may lie past it.)
        const appended = await deps.store.readStream(`song-${song.song_id}`);
        await deps.projections.waitForPosition('songs', appended.at(-1)!.position, { timeoutMs: 30_000 });
        const { bpm, firstBeat, key, chordInstruments } = (await findSong(deps.sql, song.song_id, null))!;
        seenAtHarmony.set(folder, { bpm, firstBeat, key, chordInstruments });
        return { key: 'A minor', chords: { master: '[00:00.00] Am\n' }, textures: {}, problems: [] } satisfies HarmonyAnalysis;
      },
    };
    const source = { state: { requestId: 'tempo-first' } };
    const done = await new SongScanner(deps, () => analyser).run(source, null);
    expect(done).toMatchObject({ isScanning: false, problems: [], summary: { catalogued: 2 } });

    expect(Object.fromEntries(seenAtHarmony)).toEqual({
      first: { bpm: 96, firstBeat: 0.25, key: null, chordInstruments: [] },
      second: { bpm: 132, firstBeat: 0.5, key: null, chordInstruments: [] },
    });
    // Once the chords are done the song has all of it; the tempo was taken once, by the first event.
    for (const [folder, { bpm, firstBeat }] of Object.entries(tempoOf)) {
      const songId = (await deps.sql.query<{ song_id: number }>(`SELECT song_id FROM songs WHERE folder = $1`, [folder])).rows[0]!.song_id;
      expect(await findSong(deps.sql, songId, null)).toMatchObject({ bpm, firstBeat, key: 'A minor', chordInstruments: ['master'] });
      const events = await deps.store.readStream(`song-${songId}`);
      expect(events.map((event) => [event.type, (event.data as { applied?: unknown }).applied])).toEqual([
        ['SongCatalogued', undefined],
        ['SongTempoAnalysed', { bpm }],
        ['SongAnalysed', { key: 'A minor' }],
      ]);
    }

    // A second scan finds nothing to analyse and appends nothing.
    const before = (await deps.store.headPosition()).toString();
    expect((await new SongScanner(deps, () => analyser).run(source, null)).summary).toMatchObject({ unchanged: 2 });
    expect((await deps.store.headPosition()).toString()).toBe(before);
  });
});
