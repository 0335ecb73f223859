import { type StoredEvent, decodeEvent } from '../../events/catalog';
import type { Position, RecordedEvent } from '../../events/store/event-store';
import type { TrimmedEvent } from '../../events/store/postgres/trimmed-log-reader';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { compareAndSetCheckpoint } from './checkpoints';
import { type DeadLetter, recordDeadLetter } from './dead-letters';
import type { Generation } from './generations';
import { type LockFence, LockLost } from './lock-fence';
import type { Projection } from './projection-definition';
import { type TrimmedReads, compileTrimmedReads } from './trimmed-reads';
import { isTransientDatabaseError } from './transient-database-error';
import { type TransientRetry, defaultTransientRetry, withTransientRetry } from './transient-retry';

export type BatchOutcome =
  | { kind: 'committed'; position: Position }
  /** An event failed: the ones before it are committed, it is in the dead letters, the projection stops. */
  | { kind: 'stalled'; position: Position; deadLetter: DeadLetter }
  /** Another worker moved the checkpoint, or the generation was swapped out: nothing was written. */
  | { kind: 'lost'; position: Position };

/** Thrown inside a transaction to roll it back when the checkpoint compare-and-set finds 0 rows. */
export class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
}

/** A lost lock or a transient error past every retry: no event's fault, so never dead-lettered. */
export function isNotTheEventsFault(error: unknown): boolean {
  return error instanceof LockLost || isTransientDatabaseError(error);
}

/** Moves a writer's checkpoint from `from` to `to` in `tx`, or answers false when it is not at `from` (0 rows). */
export type CheckpointMove = (tx: SqlExecutor, from: Position, to: Position) => Promise<boolean>;

/** Changes already folded for a range, so the hot path folds each batch once. */
interface Folded {
  changes: unknown;
}

/**
 * Writes batches of one generation: fold in memory, then one transaction with the checkpoint and the
 * writes. A failing event is isolated so those before it commit; transient errors are retried.
 */
export class BatchWriter {
  readonly #sql: SqlClient;
  readonly #projection: Projection;
  readonly #target: { projection: string; generation: number; state: 'live' | 'building' };
  readonly #generation: Generation;
  readonly #onCommitted: ((position: Position) => void) | undefined;
  readonly #fence: LockFence | undefined;
  readonly #retry: TransientRetry;
  readonly #trimmedReads: TrimmedReads | undefined;
  readonly #moveCheckpoint: CheckpointMove;
  #checkpoint: Position;
  #folded: (Folded & { events: number }) | undefined;

  constructor(options: {
    sql: SqlClient;
    projection: Projection;
    generation: Generation;
    checkpoint: Position;
    onCommitted?: (position: Position) => void;
    /** The lock this writer works under; its loss rolls back the write in flight (`LockLost`). */
    fence?: LockFence;
    retry?: TransientRetry;
    /** Where the checkpoint lives: the generation's by default; one partition's in a partitioned rebuild. */
    moveCheckpoint?: CheckpointMove;
  }) {
    this.#sql = options.sql;
    this.#projection = options.projection;
    this.#generation = options.generation;
    const state = options.generation.state;
    if (state === 'retired') throw new Error(`Generation ${options.generation.generation} of ${options.projection.name} is retired`);
    this.#target = { projection: options.projection.name, generation: options.generation.generation, state };
    this.#checkpoint = options.checkpoint;
    this.#onCommitted = options.onCommitted;
    this.#fence = options.fence;
    this.#retry = options.retry ?? defaultTransientRetry;
    this.#trimmedReads = compileTrimmedReads(options.projection);
    const target = this.#target;
    this.#moveCheckpoint = options.moveCheckpoint ?? ((tx, from, to) => compareAndSetCheckpoint(tx, target, from, to));
  }

  get trimmedReads(): TrimmedReads | undefined {
    return this.#trimmedReads;
  }

  get eventsPerWrite(): number | undefined {
    return this.#projection.eventsPerWrite;
  }

  get checkpoint(): Position {
    return this.#checkpoint;
  }

  /** Project `events` and move the checkpoint to `next` (past the last event when a type filter skipped others). */
  async write(events: readonly RecordedEvent[], next: Position): Promise<BatchOutcome> {
    const fresh = this.#unseen(events);
    if (fresh.length === 0 && next <= this.#checkpoint) return { kind: 'committed', position: this.#checkpoint };
    const { decoded, folded, failure } = this.#prepare(fresh);
    if (!failure) return this.#commitRange(fresh, decoded, 0, fresh.length, next, folded);
    if (failure.index > 0) {
      const before = await this.#commitRange(fresh, decoded, 0, failure.index, fresh[failure.index - 1]!.position);
      if (before.kind !== 'committed') return before;
    }
    return this.#deadLetter(fresh[failure.index]!, failure.error);
  }

  /** Fold into the changes held for `commitFolded`. After a throw they are unusable: `discardFolded`, then `write`. */
  fold(events: readonly RecordedEvent[]): void {
    const fresh = this.#unseen(events);
    if (fresh.length === 0) return;
    const decoded = fresh.map(decodeEvent);
    this.#folded = { changes: this.#projection.fold(decoded, this.#folded?.changes), events: (this.#folded?.events ?? 0) + fresh.length };
  }

  /** `fold` for events trimmed to the projection's `reads`, checked by its picked schemas. */
  foldTrimmed(events: readonly TrimmedEvent[]): void {
    if (!this.#trimmedReads) throw new Error(`${this.#projection.name} declares no reads: fold whole events`);
    const fresh = this.#unseen(events);
    if (fresh.length === 0) return;
    const decoded = this.#trimmedReads.decode(fresh);
    this.#folded = { changes: this.#projection.fold(decoded, this.#folded?.changes), events: (this.#folded?.events ?? 0) + fresh.length };
  }

  get foldedEvents(): number {
    return this.#folded?.events ?? 0;
  }

  discardFolded(): void {
    this.#folded = undefined;
  }

  /** Write the held changes and move the checkpoint; any failure but a moved checkpoint throws (then use `write`). */
  async commitFolded(next: Position): Promise<BatchOutcome> {
    if (next <= this.#checkpoint) return { kind: 'committed', position: this.#checkpoint };
    const changes = this.#folded?.changes;
    this.#folded = undefined;
    try {
      await this.#transaction((tx) => this.#commit(tx, next, changes));
    } catch (error) {
      if (error instanceof CheckpointMoved) return { kind: 'lost', position: this.#checkpoint };
      throw error;
    }
    this.#checkpoint = next;
    this.#onCommitted?.(next);
    return { kind: 'committed', position: next };
  }

  /** Project `events` in the caller's transaction (the blue/green swap); any failure throws. */
  async writeWithin(tx: SqlExecutor, events: readonly RecordedEvent[], next: Position): Promise<void> {
    const fresh = this.#unseen(events);
    if (fresh.length === 0 && next <= this.#checkpoint) return;
    const decoded = fresh.map(decodeEvent);
    await this.#commit(tx, next, decoded.length > 0 ? this.#projection.fold(decoded) : undefined);
    this.#checkpoint = next;
  }

  /** Events at or before the checkpoint were already applied (a page re-read after a restart). */
  #unseen<Event extends { position: Position }>(events: readonly Event[]): readonly Event[] {
    if (events.length === 0 || events[0]!.position > this.#checkpoint) return events;
    return events.filter((event) => event.position > this.#checkpoint);
  }

  /** Decode every event and fold them; on a throw, find the first event that fails alone. */
  #prepare(events: readonly RecordedEvent[]): {
    decoded: StoredEvent[];
    folded?: Folded;
    failure?: { index: number; error: unknown };
  } {
    const decoded: StoredEvent[] = new Array(events.length);
    for (let index = 0; index < events.length; index++) {
      try {
        decoded[index] = decodeEvent(events[index]!);
      } catch (error) {
        return { decoded: decoded.slice(0, index), failure: { index, error } };
      }
    }
    try {
      return { decoded, folded: { changes: this.#fold(decoded) } };
    } catch (error) {
      let changes: unknown;
      for (let index = 0; index < decoded.length; index++) {
        try {
          changes = this.#projection.fold([decoded[index]!], changes);
        } catch (eventError) {
          return { decoded: decoded.slice(0, index), failure: { index, error: eventError } };
        }
      }
      // Fails as a batch but never alone: blame the last event, the earliest point it can fail.
      return { decoded: decoded.slice(0, -1), failure: { index: decoded.length - 1, error } };
    }
  }

  #fold(decoded: readonly StoredEvent[]): unknown {
    return decoded.length > 0 ? this.#projection.fold(decoded) : undefined;
  }

  /** Commit events[from, to); when that fails, bisect down to the single event that fails. */
  async #commitRange(
    events: readonly RecordedEvent[],
    decoded: readonly StoredEvent[],
    from: number,
    to: number,
    next: Position,
    folded?: Folded,
  ): Promise<BatchOutcome> {
    let changes: unknown;
    try {
      changes = folded ? folded.changes : this.#fold(decoded.slice(from, to));
    } catch (error) {
      if (to - from === 1) return this.#deadLetter(events[from]!, error);
      return this.#bisect(events, decoded, from, to, next);
    }
    try {
      await this.#transaction((tx) => this.#commit(tx, next, changes));
    } catch (error) {
      if (error instanceof CheckpointMoved) return { kind: 'lost', position: this.#checkpoint };
      if (isNotTheEventsFault(error)) throw error;
      if (to - from <= 1) {
        if (to === from) throw error;
        return this.#deadLetter(events[from]!, error);
      }
      return this.#bisect(events, decoded, from, to, next);
    }
    this.#checkpoint = next;
    this.#onCommitted?.(next);
    return { kind: 'committed', position: next };
  }

  async #bisect(
    events: readonly RecordedEvent[],
    decoded: readonly StoredEvent[],
    from: number,
    to: number,
    next: Position,
  ): Promise<BatchOutcome> {
    const middle = (from + to) >> 1;
    const first = await this.#commitRange(events, decoded, from, middle, events[middle - 1]!.position);
    if (first.kind !== 'committed') return first;
    return this.#commitRange(events, decoded, middle, to, next);
  }

  /** One write transaction, retried on transient errors; under a fence, committed only while the lock is held. */

  #transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const fence = this.#fence;
    return withTransientRetry(
      () => {
        fence?.throwIfLost();
        return this.#sql.transaction(async (tx) => {
          const result = await work(tx);
          // Last, just before COMMIT: a lock lost while the work ran rolls it all back.
          await fence?.assertHeld(tx);
          return result;
        });
      },
      this.#retry,
      fence?.signal,
    );
  }

  async #commit(tx: SqlExecutor, next: Position, changes: unknown): Promise<void> {
    if (!(await this.#moveCheckpoint(tx, this.#checkpoint, next))) throw new CheckpointMoved();
    if (changes !== undefined) await this.#projection.apply(tx, changes, this.#generation.tables);
  }

  async #deadLetter(event: RecordedEvent, error: unknown): Promise<BatchOutcome> {
    try {
      const deadLetter = await this.#transaction(async (tx) => {
        // Same guard as a write: only the worker that owns the checkpoint records the failure.
        if (!(await this.#moveCheckpoint(tx, this.#checkpoint, this.#checkpoint))) throw new CheckpointMoved();
        return recordDeadLetter(tx, this.#target, event, error);
      });
      return { kind: 'stalled', position: this.#checkpoint, deadLetter };
    } catch (recordError) {
      if (recordError instanceof CheckpointMoved) return { kind: 'lost', position: this.#checkpoint };
      throw recordError;
    }
  }
}
