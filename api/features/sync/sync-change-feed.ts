import { START, type Position } from '../../../events/store/event-store';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { latestPresetPosition, listPresetChangesOfUsers } from '../../../projections/presets/presets-queries';
import { readLiveCheckpoint } from '../../../projections/runtime/checkpoints';
import { readPositionEpoch } from '../../../projections/runtime/position-epoch';
import { latestSongsPositions, listCatalogueSongChanges, listOverlayChangesOfUsers, listStarChangesOfUsers } from '../../../projections/songs/songs-sync-queries';
import { latestTakePosition, listTakeChangesOfUsers } from '../../../projections/takes/takes-queries';
import { songsOfEachUser } from './songs-of-each-user';
import type { Logger } from 'pino';
import { checkpointPosition } from './sync-checkpoint';
import type { SyncStreamMessage } from '../../../contract/sync-documents';
import { toPresetDocument, toSongDocument, toStarDocument, toTakeDocument } from './sync-documents';

/** What the live stream sends: changed documents of one collection with their checkpoint, or RESYNC. */

export interface SyncChangeFeedOptions {
  /** How often the read models are checked while anyone listens; default 250 ms. */
  pollMs?: number;
  /** Most rows one poll reads per table; more means clients pull instead (RESYNC). Default 500. */
  maxRowsPerPoll?: number;
  /** Most open streams per user (tabs, devices); default 5. */
  maxStreamsPerUser?: number;
}

type Listener = (message: SyncStreamMessage) => void;

/** The projections whose tables the feed reads: songs (songs, stars, own views), presets and takes. */
const watched = ['songs', 'presets', 'takes'] as const;

/**
 * The synced read models' changes, shared by every live stream of this process: one poll per tick,
 * fanned out per user. Read models, not the log, so a stream never announces what its pull cannot
 * serve yet. RESYNC to all when a read model was rebuilt or a poll overflows.
 */
export class SyncChangeFeed {
  readonly #sql: SqlExecutor;
  readonly #logger: Logger;
  readonly #pollMs: number;
  readonly #maxRows: number;
  readonly #maxStreamsPerUser: number;
  readonly #listeners = new Map<number, Set<Listener>>();
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Settles once the positions to follow from are known; undefined while nobody listens. */
  #started: Promise<void> | undefined;
  #ticking = false;
  #lastSeen = { songs: START, stars: START, overlays: START, presets: START, takes: START };
  /** `generation/position` of each watched projection's live checkpoint at the last tick. */
  #checkpoints = new Map<string, string>();
  /** The position epoch the checkpoints sent are of (`checkpointPosition`). */
  #epoch = 0;

  constructor(sql: SqlExecutor, logger: Logger, options: SyncChangeFeedOptions = {}) {
    this.#sql = sql;
    this.#logger = logger;
    this.#pollMs = options.pollMs ?? 250;
    this.#maxRows = options.maxRowsPerPoll ?? 500;
    this.#maxStreamsPerUser = options.maxStreamsPerUser ?? 5;
  }

  /** Listen to `userId`'s changes; resolves once every later commit will reach `listener` (undefined over the stream limit). Call the result to stop. */
  async subscribe(userId: number, listener: Listener): Promise<(() => void) | undefined> {
    let listeners = this.#listeners.get(userId);
    if (listeners && listeners.size >= this.#maxStreamsPerUser) return undefined;
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(userId, listeners);
    }
    listeners.add(listener);
    const unsubscribe = () => {
      const current = this.#listeners.get(userId);
      if (!current?.delete(listener)) return;
      if (current.size === 0) this.#listeners.delete(userId);
      if (this.#listeners.size === 0) this.#stop();
    };
    try {
      await this.#start();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  streamsOf(userId: number): number {
    return this.#listeners.get(userId)?.size ?? 0;
  }

  #start(): Promise<void> {
    if (!this.#started) {
      const started = this.#followFromNow().then(() => {
        // Someone may have left while the positions were read.
        if (this.#listeners.size > 0 && this.#started === started && this.#timer === undefined) {
          this.#timer = setInterval(() => void this.#tick(), this.#pollMs);
          this.#timer.unref();
        }
      });
      this.#started = started;
      // A failed start (the database is unreachable) is tried again by the next subscriber.
      started.catch(() => {
        if (this.#started === started) this.#started = undefined;
      });
    }
    return this.#started;
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#started = undefined;
  }

  /** Start following at the newest rows: what came before is the pull's (after the stream's first RESYNC). */
  async #followFromNow(): Promise<void> {
    this.#epoch = await readPositionEpoch(this.#sql);
    this.#checkpoints = await this.#readCheckpoints();
    this.#lastSeen = await this.#latestPositions();
  }

  async #latestPositions(): Promise<{ songs: Position; stars: Position; overlays: Position; presets: Position; takes: Position }> {
    const [songs, presets, takes] = await Promise.all([latestSongsPositions(this.#sql), latestPresetPosition(this.#sql), latestTakePosition(this.#sql)]);
    return { ...songs, presets, takes };
  }

  async #readCheckpoints(): Promise<Map<string, string>> {
    const checkpoints = new Map<string, string>();
    for (const projection of watched) {
      const live = await readLiveCheckpoint(this.#sql, projection);
      checkpoints.set(projection, live ? `${live.generation}/${live.position}` : '');
    }
    return checkpoints;
  }

  async #tick(): Promise<void> {
    if (this.#ticking || this.#timer === undefined) return;
    this.#ticking = true;
    try {
      const checkpoints = await this.#readCheckpoints();
      const generation = (value: string | undefined) => value?.slice(0, value.indexOf('/'));
      const swapped = watched.some((projection) => generation(checkpoints.get(projection)) !== generation(this.#checkpoints.get(projection)));
      const moved = watched.some((projection) => checkpoints.get(projection) !== this.#checkpoints.get(projection));
      if (swapped) {
        await this.#followFromNow();
        this.#broadcast('RESYNC');
        return;
      }
      if (!moved) return;
      const users = [...this.#listeners.keys()];
      // Read first: every row committed by then is at or before these, so non-listeners' changes can be passed over.
      const latest = await this.#latestPositions();
      const limit = this.#maxRows + 1;
      const [songs, stars, overlays, presets, takes] = await Promise.all([
        listCatalogueSongChanges(this.#sql, this.#lastSeen.songs, limit),
        listStarChangesOfUsers(this.#sql, users, this.#lastSeen.stars, limit),
        listOverlayChangesOfUsers(this.#sql, users, this.#lastSeen.overlays, limit),
        listPresetChangesOfUsers(this.#sql, users, this.#lastSeen.presets, limit),
        listTakeChangesOfUsers(this.#sql, users, this.#lastSeen.takes, limit),
      ]);
      if ([songs, stars, overlays, presets, takes].some((rows) => rows.length === limit)) {
        await this.#followFromNow();
        this.#broadcast('RESYNC');
        return;
      }
      const newest = (...positions: Position[]) => positions.reduce((a, b) => (b > a ? b : a));
      // Songs mix two tables read separately: only rows up to what `latest` saw go out now, so a
      // checkpoint never passes an unsent row; the rest come next tick.
      const upTo = newest(latest.songs, latest.overlays);
      const songsSeen = songs.filter((song) => song.position <= upTo);
      const overlaysSeen = overlays.filter((overlay) => overlay.position <= upTo);
      const songsOfUser = await songsOfEachUser(this.#sql, users, songsSeen, overlaysSeen, upTo);
      this.#checkpoints = checkpoints;
      const last = <T extends { position: Position }>(rows: T[], fallback: Position) => rows.at(-1)?.position ?? fallback;
      const sent = <T extends { position: Position }>(rows: T[]) => checkpointPosition(this.#epoch, last(rows, START));
      this.#lastSeen = {
        songs: newest(this.#lastSeen.songs, latest.songs, last(songsSeen, START)),
        stars: newest(this.#lastSeen.stars, latest.stars, last(stars, START)),
        overlays: newest(this.#lastSeen.overlays, latest.overlays, last(overlaysSeen, START)),
        presets: newest(this.#lastSeen.presets, latest.presets, last(presets, START)),
        takes: newest(this.#lastSeen.takes, latest.takes, last(takes, START)),
      };
      for (const userId of users) {
        const userSongs = songsOfUser.get(userId) ?? [];
        if (userSongs.length > 0) {
          this.#send(userId, { collection: 'songs', documents: userSongs.map(toSongDocument), checkpoint: { position: sent(userSongs) } });
        }
        const own = <T extends { userId: number }>(rows: T[]) => rows.filter((row) => row.userId === userId);
        const userStars = own(stars);
        const userPresets = own(presets);
        const userTakes = own(takes);
        if (userStars.length > 0) {
          this.#send(userId, { collection: 'stars', documents: userStars.map(toStarDocument), checkpoint: { position: sent(userStars) } });
        }
        if (userPresets.length > 0) {
          this.#send(userId, { collection: 'presets', documents: userPresets.map(toPresetDocument), checkpoint: { position: sent(userPresets) } });
        }
        if (userTakes.length > 0) {
          this.#send(userId, { collection: 'takes', documents: userTakes.map(toTakeDocument), checkpoint: { position: sent(userTakes) } });
        }
      }
    } catch (error) {
      // Nothing moved forward: the next tick reads the same changes again.
      this.#logger.warn({ err: error }, 'sync change feed: polling the read models failed');
    } finally {
      this.#ticking = false;
    }
  }

  #broadcast(message: SyncStreamMessage): void {
    for (const userId of this.#listeners.keys()) this.#send(userId, message);
  }

  #send(userId: number, message: SyncStreamMessage): void {
    for (const listener of this.#listeners.get(userId) ?? []) listener(message);
  }
}
