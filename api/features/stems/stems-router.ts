import Router from '@koa/router';
import { type SongStemLocation, findSongStem } from '../../../projections/songs/songs-queries';
import { ShortLivedCache } from '../../caching/short-lived-cache';
import type { AppDependencies } from '../../app-dependencies';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/require-user';
import type { SessionUser } from '../../http/session-user';
import { type ByteRange, parseRangeHeader } from './byte-range';
import { type OpenStemFile, type StemFileStat, StemOutsideSongsDirectory, isPlainFileName, openStemFile, statStemFile } from './open-stem-file';
import { recordStemStreamed } from './record-stem-streamed';
import { playerRequestRule, requirePlayerRequest } from './require-player-request';
import { stemBodySender } from './stem-body';
import { stemContentType } from './stem-content-type';
import { isNotModified, rangeStillApplies, stemValidators } from './stem-validators';

/** A stem response about to be sent: what a step before serving may look at. */
export interface StemToServe {
  method: 'GET' | 'HEAD';
  user: SessionUser;
  songId: number;
  filename: string;
  size: number;
  /** The one range to send; null for the whole file. */
  range: ByteRange | null;
  /** When the response started (the request's time): the month its bytes are billed to. */
  startedAt: Date;
}

/** What a step before serving may hold for a GET: a cap on the body's bytes, settled when the response is over. */
export interface StemServingHold {
  /** The most body bytes the response may send; the connection is cut after them. */
  readonly maxBytes: number;
  /** The id to append the response's StemStreamed under (its reservation's). */
  readonly eventId?: string;
  /** The response is over: `bytesSent` went out, recorded at `position` (null: the StemStreamed append failed). */
  settle(bytesSent: number, position: string | null): Promise<void>;
  /** The response sent no body (it failed first): let go of everything held. */
  release(): Promise<void>;
}

export interface StemsRouterOptions {
  /** Runs once the request is servable, before any header is set: throw an AppError to refuse, or return a GET's hold. */
  beforeServe?: (stem: StemToServe, ctx: AppContext) => Promise<StemServingHold | null | void>;
}

const songIdPattern = /^[1-9]\d{0,14}$/;
/** How long a stem found in the songs read model is served without asking again (decision 0037); misses are not cached. */
export const stemLocationTtlMs = 1_000;

/**
 * HEAD and GET /api/stems/stream/{songId}/{filename} (spec 000 section 7): signed-in player requests,
 * single ranges, validators; anything else is 404. A GET that sends bytes appends one StemStreamed.
 */
export function stemsRouter(deps: AppDependencies, options: StemsRouterOptions = {}): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/stems' });
  const stemLocations = new ShortLivedCache<SongStemLocation>(stemLocationTtlMs);
  const sameOrigin = playerRequestRule(deps.config.publicUrl);
  const sendStemBody = stemBodySender();

  // @koa/router answers HEAD with a GET route's handler; the handler tells them apart.
  router.get('/stream/:songId/:filename', async (ctx) => {
    const user = requireUser(ctx);
    // Before anything is looked up, reserved or billed: only the player's own requests are served.
    requirePlayerRequest(ctx, sameOrigin);
    const startedAt = deps.clock.now();
    const { songId: rawSongId = '', filename = '' } = ctx.params;
    const notFound = () => new AppError(404, 'not_found', 'No such stem.');
    if (!songIdPattern.test(rawSongId) || !isPlainFileName(filename)) throw notFound();
    const songId = Number(rawSongId);
    const stemKey = `${songId}/${filename}`;
    let location = stemLocations.get(stemKey, startedAt.getTime());
    if (location === undefined) {
      location = await findSongStem(deps.sql, songId, filename);
      if (!location) throw notFound();
      stemLocations.set(stemKey, location, startedAt.getTime());
    }

    // A HEAD only stats the file (the credit check's hot path); a GET opens it and serves from that handle.
    const method = ctx.method === 'HEAD' ? 'HEAD' : 'GET';
    let file: (StemFileStat & { handle?: OpenStemFile['handle'] }) | undefined;
    try {
      file = method === 'HEAD' ? statStemFile(location.path, deps.config.songsDir) : await openStemFile(location.path, deps.config.songsDir);
    } catch (error) {
      if (!(error instanceof StemOutsideSongsDirectory)) throw error;
      ctx.state.log.warn({ songId, filename, realPath: error.realPath, songsDirectory: error.songsDirectory }, 'stem refused: it resolves outside the songs directory');
    }
    if (!file) throw notFound();

    let handedOver = false;
    let hold: StemServingHold | null | void = undefined;
    let settled = false;
    try {
      const validators = stemValidators(file);
      const cacheHeaders = {
        ETag: validators.etag,
        'Last-Modified': validators.lastModified.toUTCString(),
        // Revalidate every time: each use must reach us to be metered (and, later, allowed).
        'Cache-Control': 'private, no-cache',
      };

      if (isNotModified({ ifNoneMatch: ctx.get('If-None-Match') || undefined, ifModifiedSince: ctx.get('If-Modified-Since') || undefined }, validators)) {
        ctx.status = 304;
        ctx.set(cacheHeaders);
        ctx.respond = false;
        ctx.res.end();
        return;
      }

      const rangeHeader = ctx.get('Range') || undefined;
      const ifRange = ctx.get('If-Range') || undefined;
      const asked = rangeHeader !== undefined && rangeStillApplies(ifRange, validators, deps.clock.now()) ? parseRangeHeader(rangeHeader, file.size) : { kind: 'full' as const };
      if (asked.kind === 'unsatisfiable') {
        const why = { malformed: 'The Range header is not a valid byte range.', multiple_ranges: 'Ask for one byte range at a time.', out_of_range: 'The range starts past the end of the stem.' };
        throw new AppError(416, 'range_not_satisfiable', why[asked.reason], { 'Content-Range': `bytes */${file.size}` });
      }
      const range = asked.kind === 'range' ? asked.range : null;
      hold = await options.beforeServe?.({ method, user, songId, filename, size: file.size, range, startedAt }, ctx);

      const contentLength = range ? range.end - range.start + 1 : file.size;
      ctx.status = range ? 206 : 200;
      ctx.set({
        ...cacheHeaders,
        'Accept-Ranges': 'bytes',
        'Content-Type': stemContentType(filename),
        'Content-Length': String(contentLength),
        ...(range && { 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}` }),
      });
      ctx.respond = false;
      if (method === 'HEAD') {
        ctx.res.end();
        return;
      }
      const handle = file.handle as OpenStemFile['handle'];

      // From here the body's sender owns the file handle and closes it.
      handedOver = true;
      const sent = await sendStemBody(ctx.res, { handle, size: file.size }, range, hold?.maxBytes ?? contentLength);
      if (sent.readError !== undefined) ctx.state.log.error({ err: sent.readError, songId, filename }, 'stem read failed mid-response');
      const position = await recordStemStreamed({ store: deps.store, clock: deps.clock, log: ctx.state.log }, ctx, {
        userId: user.id,
        songId,
        filename,
        bytesSent: sent.bytesSent,
        range,
        aborted: sent.aborted,
        startedAt: startedAt.toISOString(),
      }, hold?.eventId);
      settled = true;
      await hold?.settle(sent.bytesSent, position);
    } finally {
      if (!handedOver) await file.handle?.close();
      if (hold && !settled) await hold.release();
    }
  });

  return router;
}
