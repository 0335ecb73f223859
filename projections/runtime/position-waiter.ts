import type { Position } from '../../events/store/event-store';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { readLiveCheckpoint } from './checkpoints';

/** A read model did not reach a position in time; the write is stored, the read model is only late. */
export class ProjectionWaitTimeout extends Error {
  override readonly name = 'ProjectionWaitTimeout';

  constructor(
    readonly projection: string,
    readonly position: Position,
    readonly timeoutMs: number,
    readonly reached: Position | undefined,
  ) {
    super(
      `Projection ${projection} did not reach position ${position} within ${timeoutMs} ms ` +
        `(it is at ${reached === undefined ? 'no checkpoint yet' : reached === '' ? 'the start' : reached})`,
    );
  }
}

export interface WaitForPositionOptions {
  timeoutMs: number;
}

interface Waiter {
  position: Position;
  resolve: () => void;
}

const defaultPollMs = 100;

/** Waits for "projection X has passed position P": woken by this process's runners, polling for others'. */
export class PositionWaiter {
  readonly #sql: SqlExecutor;
  readonly #pollMs: number;
  readonly #known = new Map<string, Position>();
  readonly #waiters = new Map<string, Set<Waiter>>();
  #poll: ReturnType<typeof setTimeout> | undefined;

  constructor(sql: SqlExecutor, options: { pollMs?: number } = {}) {
    this.#sql = sql;
    this.#pollMs = options.pollMs ?? defaultPollMs;
  }

  reached(projection: string, position: Position): void {
    const known = this.#known.get(projection);
    // A swap to a new generation never moves the live checkpoint backwards (the rebuild catches up first).
    if (known === undefined || position > known) this.#known.set(projection, position);
    const waiters = this.#waiters.get(projection);
    if (!waiters) return;
    for (const waiter of waiters) {
      if (waiter.position <= position) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /** Resolve once the live generation of `projection` is at or past `position`; reject on timeout. */
  async waitFor(projection: string, position: Position, options: WaitForPositionOptions): Promise<void> {
    const known = this.#known.get(projection);
    if (known !== undefined && known >= position) return;
    await new Promise<void>((resolve, reject) => {
      const entry: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.get(projection)?.delete(entry);
        reject(new ProjectionWaitTimeout(projection, position, options.timeoutMs, this.#known.get(projection)));
      }, options.timeoutMs);
      let waiters = this.#waiters.get(projection);
      if (!waiters) {
        waiters = new Set();
        this.#waiters.set(projection, waiters);
      }
      waiters.add(entry);
      this.#schedulePoll(0);
    });
  }

  close(): void {
    clearTimeout(this.#poll);
    this.#poll = undefined;
  }

  #schedulePoll(delayMs: number): void {
    if (this.#poll !== undefined) return;
    this.#poll = setTimeout(() => void this.#pollOnce(), delayMs);
  }

  async #pollOnce(): Promise<void> {
    for (const [projection, waiters] of this.#waiters) {
      if (waiters.size === 0) {
        this.#waiters.delete(projection);
        continue;
      }
      try {
        const live = await readLiveCheckpoint(this.#sql, projection);
        if (live) this.reached(projection, live.position);
      } catch {
        // The database is briefly unreachable or the runtime tables are not created yet: the
        // waiter's own timeout reports it if it lasts.
      }
    }
    this.#poll = undefined;
    if ([...this.#waiters.values()].some((waiters) => waiters.size > 0)) this.#schedulePoll(this.#pollMs);
  }
}
