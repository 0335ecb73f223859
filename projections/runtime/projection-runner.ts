import type { EventStore, Subscription } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { type BatchOutcome, BatchWriter } from './batch-writer';
import { catchUp, defaultPageSize } from './catch-up';
import { readCheckpoint } from './checkpoints';
import { openDeadLetters } from './dead-letters';
import { type Generation, ensureLiveGeneration, findGeneration } from './generations';
import type { LiveGenerations } from './live-generations';
import { LockFence, LockLost } from './lock-fence';
import type { PositionWaiter } from './position-waiter';
import type { Projection } from './projection-definition';
import { runnerLockKey } from './lock-keys';
import { type ProjectionLogger, silentLogger } from './projection-logger';
import { type TransientRetry, defaultTransientRetry } from './transient-retry';

/** `stalled`: an open dead letter; `outdated`: built by another version, serving frozen until a rebuild; `standby`: another process holds the lock. */
export type RunnerState = 'starting' | 'catching-up' | 'running' | 'stalled' | 'outdated' | 'standby' | 'stopped';

export interface ProjectionRunnerOptions {
  sql: SqlClient;
  store: EventStore;
  projection: Projection;
  /** Told about every committed position of the live generation (read-your-writes). */
  waiter?: PositionWaiter;
  logger?: ProjectionLogger;
  pageSize?: number;
  /** How often an idle runner checks for swaps, resolved dead letters and skipped events, and a standby tries the lock. */
  pollMs?: number;
  /** The live generation was built by an older version (again every 30 polls while so): rebuild. */
  onOutdated?: (live: Generation) => void;
  retry?: Omit<TransientRetry, 'onRetry'>;
  lockCheckMs?: number;
  /** Where the idle check reads the live generation; the host's runners share one (default: a read of its own). */
  liveGenerations?: LiveGenerations;
}

/** Ends a live subscription from inside its handler. */
class StopFollowing extends Error {
  override readonly name = 'StopFollowing';
  constructor(readonly outcome: BatchOutcome) {
    super(`Stop following: ${outcome.kind}`);
  }
}

const restartDelayMs = 2_000;
/** How often an idle runner checks, unless told otherwise (`pollMs`). */
export const defaultRunnerPollMs = 1_000;
/** While outdated, ask for the rebuild again every this many polls (it may have stalled, or another process had it). */
const outdatedRenoticePolls = 30;

/**
 * Keeps one projection's live generation up to date, one instance across processes. A failing event
 * stalls it until retried or skipped; when the lock's session dies it stops and stands by.
 */
export class ProjectionRunner {
  readonly projection: Projection;
  readonly #sql: SqlClient;
  readonly #store: EventStore;
  readonly #waiter: PositionWaiter | undefined;
  readonly #logger: ProjectionLogger;
  readonly #pageSize: number;
  readonly #pollMs: number;
  readonly #onOutdated: ((live: Generation) => void) | undefined;
  readonly #retry: TransientRetry;
  readonly #lockCheckMs: number | undefined;
  readonly #liveGenerations: LiveGenerations | undefined;
  #state: RunnerState = 'starting';
  #caughtUpOnce = false;
  #outdatedNoticeAt = 0;
  #stopping = false;
  #done: Promise<void> | undefined;
  readonly #wakers = new Set<() => void>();
  #serial: Promise<unknown> = Promise.resolve();

  constructor(options: ProjectionRunnerOptions) {
    this.projection = options.projection;
    this.#sql = options.sql;
    this.#store = options.store;
    this.#waiter = options.waiter;
    this.#logger = options.logger ?? silentLogger;
    this.#pageSize = options.pageSize ?? defaultPageSize;
    this.#pollMs = options.pollMs ?? defaultRunnerPollMs;
    this.#onOutdated = options.onOutdated;
    this.#retry = {
      ...(options.retry ?? defaultTransientRetry),
      onRetry: (error, attempt, delayMs) =>
        this.#logger.warn({ err: error, projection: this.projection.name, attempt, delayMs }, 'projection write failed with a transient database error; trying again'),
    };
    this.#lockCheckMs = options.lockCheckMs;
    this.#liveGenerations = options.liveGenerations;
  }

  get state(): RunnerState {
    return this.#state;
  }

  get caughtUpOnce(): boolean {
    return this.#caughtUpOnce;
  }

  start(): void {
    this.#done ??= this.#run();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.wake();
    await this.#done;
  }

  /** Cut a wait short (a dead letter was resolved, a generation swapped in this process). */
  wake(): void {
    for (const wake of [...this.#wakers]) wake();
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      try {
        const lockKey = await runnerLockKey(this.#sql, this.projection.name);
        const led = await this.#sql.withAdvisoryLock(lockKey, (session) => this.#lead(new LockFence(session, lockKey)), {
          wait: false,
          ...(this.#lockCheckMs === undefined ? {} : { checkEveryMs: this.#lockCheckMs }),
        });
        if (led === undefined) {
          this.#state = 'standby';
          await this.#pause(this.#pollMs);
        }
      } catch (error) {
        if (this.#stopping) break;
        if (error instanceof LockLost) {
          // Another process may hold the lock already; try it again like any standby.
          this.#logger.warn({ err: error, projection: this.projection.name }, 'projection runner lost its lock; standing by');
          this.#state = 'standby';
          await this.#pause(this.#pollMs);
          continue;
        }
        this.#logger.error({ err: error, projection: this.projection.name }, 'projection runner failed; restarting');
        await this.#pause(restartDelayMs);
      }
    }
    this.#state = 'stopped';
  }

  /** The work of the lock holder, until stopped or the lock is lost (then throws `LockLost`). */
  async #lead(fence: LockFence): Promise<true> {
    const wakeOnLoss = (): void => this.wake();
    fence.signal.addEventListener('abort', wakeOnLoss);
    try {
      await this.#leadHoldingLock(fence);
    } catch (error) {
      // A database that went away takes the lock session with it: report the loss, not the symptom.
      fence.throwIfLost();
      throw error;
    } finally {
      fence.signal.removeEventListener('abort', wakeOnLoss);
    }
    fence.throwIfLost();
    return true;
  }

  async #leadHoldingLock(fence: LockFence): Promise<void> {
    const name = this.projection.name;
    while (!this.#stopping && !fence.lost) {
      const generation = await ensureLiveGeneration(this.#sql, this.projection);
      if (generation.version !== this.projection.version) {
        const now = Date.now();
        if (this.#state !== 'outdated') {
          this.#logger.warn({ projection: name, generation: generation.generation, built: generation.version, code: this.projection.version }, 'live generation built by another version; serving it frozen until a rebuild swaps it');
          this.#outdatedNoticeAt = 0;
        }
        this.#state = 'outdated';
        // Only newer code rebuilds (an old worker still running must not undo a new one's rebuild).
        if (generation.version < this.projection.version && now - this.#outdatedNoticeAt >= outdatedRenoticePolls * this.#pollMs) {
          this.#outdatedNoticeAt = now;
          this.#onOutdated?.(generation);
        }
        await this.#pause(this.#pollMs);
        continue;
      }
      if ((await openDeadLetters(this.#sql, name, generation.generation)).length > 0) {
        this.#state = 'stalled';
        await this.#pause(this.#pollMs);
        continue;
      }
      const checkpoint = await readCheckpoint(this.#sql, name, generation.generation);
      this.#waiter?.reached(name, checkpoint);
      const writer = new BatchWriter({
        sql: this.#sql,
        projection: this.projection,
        generation,
        checkpoint,
        onCommitted: (position) => this.#waiter?.reached(name, position),
        fence,
        retry: this.#retry,
      });
      if (!this.#caughtUpOnce || this.#state !== 'running') this.#state = 'catching-up';
      const outcome = await catchUp(this.#store, writer, {
        types: this.projection.eventTypes,
        pageSize: this.#pageSize,
        stopped: () => this.#stopping || fence.lost,
      });
      if (outcome.kind === 'stalled') {
        this.#reportStall(outcome);
        continue;
      }
      if (outcome.kind !== 'caught-up') continue;
      this.#caughtUpOnce = true;
      this.#state = 'running';
      await this.#follow(writer, generation, fence);
    }
  }

  /** Follow live events until stopped, stalled, or the generation is swapped out. */
  async #follow(writer: BatchWriter, generation: Generation, fence: LockFence): Promise<void> {
    const subscription = this.#store.subscribe({
      after: writer.checkpoint,
      types: this.projection.eventTypes,
      batchSize: this.#pageSize,
      onEvents: (events, next) =>
        this.#serially(async () => {
          const outcome = await writer.write(events, next);
          if (outcome.kind !== 'committed') throw new StopFollowing(outcome);
        }),
    });
    let ended = false;
    const done = subscription.done.finally(() => {
      ended = true;
      this.wake();
    });
    done.catch(() => undefined);
    try {
      while (!this.#stopping && !ended && !fence.lost) {
        await this.#pause(this.#pollMs);
        if (this.#stopping || ended || fence.lost) break;
        const keepGoing = await this.#serially(() => this.#idleCheck(writer, generation, subscription));
        if (!keepGoing) break;
      }
    } finally {
      await subscription.stop();
    }
    try {
      await done;
    } catch (error) {
      if (!(error instanceof StopFollowing)) throw error;
      if (error.outcome.kind === 'stalled') this.#reportStall(error.outcome);
    }
  }

  // Between live batches: notice a swap elsewhere and move the checkpoint past other types' events so lag reaches 0.

  async #idleCheck(writer: BatchWriter, generation: Generation, subscription: Subscription): Promise<boolean> {
    const live = await (this.#liveGenerations?.find(this.projection) ?? findGeneration(this.#sql, this.projection, 'live'));
    if (live?.generation !== generation.generation) return false;
    // Runs between live batches (serially with them), so every event up to here has been written.
    const reached = subscription.position;
    if (reached !== undefined) {
      if (reached <= writer.checkpoint) return true;
      return (await writer.write([], reached)).kind === 'committed';
    }
    const page = await this.#store.readAll({ after: writer.checkpoint, types: this.projection.eventTypes, max: 1 });
    if (page.events.length > 0 || page.next <= writer.checkpoint) return true;
    const outcome = await writer.write([], page.next);
    return outcome.kind === 'committed';
  }

  #reportStall(outcome: Extract<BatchOutcome, { kind: 'stalled' }>): void {
    this.#state = 'stalled';
    const { deadLetter } = outcome;
    this.#logger.error(
      { projection: this.projection.name, generation: deadLetter.generation, position: deadLetter.position, eventId: deadLetter.eventId, type: deadLetter.type, error: deadLetter.error },
      `projection stalled on a failing event; retry or skip it with npm run replay -- ${this.projection.name} --retry|--skip`,
    );
  }

  /** Run `work` after every earlier serial job, so live batches and idle checks never overlap. */
  #serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#serial.then(work);
    this.#serial = result.catch(() => undefined);
    return result;
  }

  #pause(ms: number): Promise<void> {
    if (this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.#wakers.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.#wakers.add(finish);
    });
  }
}
