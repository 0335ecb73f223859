import path from 'node:path';
import Router from '@koa/router';
import { type StoredEvent, newEvent } from '../../../events/catalog';
import { ProjectionWaitTimeout } from '../../../projections/runtime/position-waiter';
import { findDetectedCharts } from '../../../projections/detected-chords/detected-chords-queries';
import { type SongRecord, findSong, listSongs } from '../../../projections/songs/songs-queries';
import type { ChordText, DetectedBpm, PlayCount, ScanStarted, SongWithLyrics } from '../../../contract/song';
import type { ScanProgress } from '../../../contract/scan-progress';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import { requestEventMetadata } from '../../commands/request-event-metadata';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody, parseInput, parseQuery } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { decideSetStarred, evolveStarsState, initialStarsState } from '../../library/star-decisions';
import { enforceRateLimit } from '../../rate-limits/rate-limit';
import { readTextFileInside } from '../../storage/read-text-file-inside';
import { songAnalyser } from './analysis/song-analyser';
import { preparingDemoLibrary } from './demo-library-mark';
import { chordInstrumentName, maxSongTextBytes } from './read-song-folder';
import {
  type SongDetailsView,
  decideEditSongForUser,
  decideEditSongGenre,
  decideEditSongMetadata,
  decideRecordDetectedBpm,
  evolveOwnView,
  songDetailsStream,
} from './song-decisions';
import { type SongScanner, songCommand } from './song-scan';
import { bpmDetectionsPerUser, songScansPerUser } from './song-limits';
import { stemFilesInside } from './stem-files-inside';
import { chordsQuery, genreRequest, metadataRequest, songIdParam, starredRequest } from './songs-requests';
import { toSongResponse } from './songs-responses';

const songsReadModel = 'songs';

/**
 * The song library (spec 000 section 7; contract/song.ts) for signed-in users; unknown songs are 404.
 * An admin's edits change the catalogue, anyone else's their own view (decision 0063). Scans and
 * BPM detections are rate-limited per user (decision 0050).
 */
export function songsRouter(deps: AppDependencies, scanner: SongScanner): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/songs' });
  /** Songs whose BPM is being detected for a rescan-bpm call (this process). */
  const detecting = new Set<number>();

  router.get('/', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = (await listSongs(deps.sql, user.id)).map(toSongResponse);
  });

  router.post('/scan', async (ctx) => {
    const user = requireUser(ctx);
    // A running scan is refused before the count: waiting for it does not use up the allowance.
    if (scanner.progress().isScanning) throw scanRunning();
    await enforceRateLimit(deps, ctx, songScansPerUser, String(user.id));
    if (!scanner.start(ctx, user.id)) throw scanRunning();
    ctx.status = 202;
    ctx.body = { message: 'Scanning the songs directory.' } satisfies ScanStarted;
  });

  router.get('/scan/progress', async (ctx) => {
    requireUser(ctx);
    ctx.body = { ...scanner.progress(), preparingDemoLibrary: await preparingDemoLibrary(deps.config) } satisfies ScanProgress;
  });

  router.get('/:id', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    const lyrics = song.hasLyrics ? await readSongText(deps, song, 'lyrics.lrc') : null;
    ctx.body = { ...toSongResponse(song), lyrics } satisfies SongWithLyrics;
  });

  router.post('/:id/play', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    // Plays are facts, not decisions: nothing to read first, so many listeners never race.
    const event = newEvent('SongPlayed', { userId: user.id, songId: song.id }, requestEventMetadata(ctx, deps.clock, user.id));
    const { position } = await deps.store.append(`song-plays-${song.id}`, [event], { expectedVersion: 'any' });
    await waitForSongs(deps, position);
    ctx.body = { playCount: (await requireSong(deps, ctx, user.id)).playCount } satisfies PlayCount;
  });

  router.patch('/:id/starred', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    const { starred } = parseBody(ctx, starredRequest);
    await handleCommand(deps, ctx, {
      stream: `song-stars-${user.id}`,
      initialState: initialStarsState,
      evolve: evolveStarsState,
      decide: (state) => decideSetStarred(state, { userId: user.id, songId: song.id, starred }),
      userId: user.id,
      readModel: songsReadModel,
    });
    ctx.body = toSongResponse(await requireSong(deps, ctx, user.id));
  });

  router.patch('/:id/metadata', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    const edit = parseBody(ctx, metadataRequest, 'first');
    if (user.isAdmin) {
      await handleCommand(deps, ctx, songCommand(song.id, user.id, (state) => decideEditSongMetadata(state, { songId: song.id, userId: user.id, ...edit }), songsReadModel));
    } else {
      await handleCommand(deps, ctx, ownViewCommand(user.id, song, edit));
    }
    ctx.body = toSongResponse(await requireSong(deps, ctx, user.id));
  });

  router.patch('/:id/genre', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    const { genre, genre2 } = parseBody(ctx, genreRequest, 'first');
    if (user.isAdmin) {
      await handleCommand(deps, ctx, songCommand(song.id, user.id, (state) => decideEditSongGenre(state, { songId: song.id, userId: user.id, genre, genre2 }), songsReadModel));
    } else {
      await handleCommand(deps, ctx, ownViewCommand(user.id, song, { genre, genre2 }));
    }
    ctx.body = toSongResponse(await requireSong(deps, ctx, user.id));
  });

  router.get('/:id/chords', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    const { instrument } = parseQuery(ctx, chordsQuery);
    // The song offers its chord files' charts, or without any, the detected ones (songs read model).
    const available = song.chordInstruments;
    if (instrument === undefined) {
      ctx.body = { availableInstruments: [...available] };
      return;
    }
    // Spec 000 section 5: the instrument must be one the server lists (and so a plain file name).
    if (!available.includes(instrument) || !chordInstrumentName.test(instrument)) {
      throw new AppError(400, 'invalid_request', `instrument: must be one of this song's chord instruments (${available.length > 0 ? available.join(', ') : 'none'})`);
    }
    if (song.chordsDetected) {
      const text = (await findDetectedCharts(deps.sql, song.id))[instrument];
      // The charts' read model follows the log apart from the songs one: for a moment it may lag.
      if (text === undefined) throw new AppError(503, 'not_ready', 'The detected chords are not ready yet. Please try again in a moment.');
      ctx.body = { instrument, text } satisfies ChordText;
      return;
    }
    const text = await readSongText(deps, song, path.join('chords', `${instrument}.txt`));
    if (text === null) throw new AppError(404, 'not_found', `The ${instrument} chord file is gone since the last scan. Scan the library again.`);
    ctx.body = { instrument, text } satisfies ChordText;
  });

  router.post('/:id/rescan-bpm', async (ctx) => {
    const user = requireUser(ctx);
    const song = await requireSong(deps, ctx, user.id);
    if (detecting.has(song.id)) throw new AppError(409, 'conflict', 'The BPM of this song is being detected already.');
    await enforceRateLimit(deps, ctx, bpmDetectionsPerUser, String(user.id));
    if (detecting.has(song.id)) throw new AppError(409, 'conflict', 'The BPM of this song is being detected already.');
    detecting.add(song.id);
    try {
      const stems = await stemFilesInside(song.directory, song.stems.map((stem) => stem.filename), deps.config.songsDir);
      const tempo = stems.length > 0 ? await songAnalyser().tempo(stems).catch(() => undefined) : undefined;
      if (!tempo || tempo.bpm === null) throw new AppError(422, 'invalid_request', 'Could not detect BPM from audio files');
      const { bpm, firstBeat } = tempo;
      if (user.isAdmin) {
        await handleCommand(
          deps,
          ctx,
          songCommand(song.id, user.id, (state) => decideRecordDetectedBpm(state, { songId: song.id, userId: user.id, bpm, firstBeat }), songsReadModel),
        );
      } else {
        // Anyone else's detection sets their own view's BPM; the first beat stays the catalogue's.
        await handleCommand(deps, ctx, ownViewCommand(user.id, song, { bpm }));
      }
      ctx.body = { bpm } satisfies DetectedBpm;
    } finally {
      detecting.delete(song.id);
    }
  });

  return router;
}

function scanRunning(): AppError {
  return new AppError(409, 'conflict', 'A scan is already running. Follow it at /api/songs/scan/progress.');
}


/** A musician's edit of their own view (decision 0063): `song` as they see it, with their stream's edits folded over it. */
function ownViewCommand(userId: number, song: SongDetailsView & { id: number }, edit: Omit<Parameters<typeof decideEditSongForUser>[1], 'userId' | 'songId'>) {
  return {
    stream: songDetailsStream(userId),
    initialState: { ...song } as SongDetailsView,
    evolve: (view: SongDetailsView, event: StoredEvent) => evolveOwnView(view, event, song.id),
    decide: (view: SongDetailsView) => decideEditSongForUser(view, { userId, songId: song.id, ...edit }),
    userId,
    readModel: songsReadModel,
  };
}

async function requireSong(deps: AppDependencies, ctx: { params: Record<string, string> }, userId: number): Promise<SongRecord> {
  const { id } = parseInput(songIdParam, ctx.params, 'path');
  const song = await findSong(deps.sql, id, userId);
  if (!song) throw new AppError(404, 'not_found', `There is no song ${id}.`);
  return song;
}

async function waitForSongs(deps: AppDependencies, position: string): Promise<void> {
  try {
    await deps.projections.waitForPosition(songsReadModel, position, { timeoutMs: 5_000 });
  } catch (error) {
    if (!(error instanceof ProjectionWaitTimeout)) throw error;
    throw new AppError(503, 'not_ready', 'Your change is saved but not visible yet. Please reload in a moment.');
  }
}

/** A text file of the song's folder read now; null when gone, not regular, too large, or a link out of the songs directory. */
async function readSongText(deps: AppDependencies, song: SongRecord, relative: string): Promise<string | null> {
  const file = path.join(song.directory, relative);
  const read = await readTextFileInside(file, deps.config.songsDir, maxSongTextBytes).catch(() => undefined);
  if (read?.ok === false && read.refusal === 'outside') {
    deps.logger.warn({ file, songId: song.id }, 'song text file resolves outside the songs directory; not served');
  }
  return read?.ok ? read.text : null;
}
