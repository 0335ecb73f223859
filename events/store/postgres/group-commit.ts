import type { AppendResult } from '../event-store';
import type { AppendOutcome, PendingAppend } from './append-batch';

interface Waiting {
  append: PendingAppend;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** Group commit: appends arriving while a transaction is in flight are written together by the next one. */
export class GroupCommit {
  readonly #write: (batch: PendingAppend[]) => Promise<AppendOutcome[]>;
  readonly #maxBatchEvents: number;
  readonly #maxInFlight: number;
  readonly #queue: Waiting[] = [];
  #inFlight = 0;
  /** Drains holding a batch (the others are waiting for the queue to fill). */
  #committing = 0;
  #idle: Promise<void> = Promise.resolve();
  #becomeIdle: () => void = () => undefined;

  constructor(write: (batch: PendingAppend[]) => Promise<AppendOutcome[]>, options: { maxBatchEvents: number; maxInFlight: number }) {
    this.#write = write;
    this.#maxBatchEvents = options.maxBatchEvents;
    this.#maxInFlight = options.maxInFlight;
  }

  submit(append: PendingAppend): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.#queue.push({ append, resolve, reject });
      if (this.#inFlight < this.#maxInFlight) void this.#drain();
    });
  }

  /** Resolves once every submitted append has been settled. */
  whenIdle(): Promise<void> {
    return this.#idle;
  }

  async #drain(): Promise<void> {
    if (this.#inFlight === 0) this.#idle = new Promise((resolve) => (this.#becomeIdle = resolve));
    this.#inFlight += 1;
    try {
      for (;;) {
        // Let callers settled by the previous commit append again before taking the queue, so batches run full.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = this.#take();
        if (batch.length === 0) break;
        this.#committing += 1;
        try {
          await this.#commit(batch);
        } finally {
          this.#committing -= 1;
        }
      }
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) this.#becomeIdle();
    }
  }

  #take(): Waiting[] {
    // While another transaction could start too, take half the queue: two half batches, one
    // being written while the other commits, keep both the database and this process busy.
    const share = this.#committing < this.#maxInFlight - 1 ? Math.ceil(this.#queue.length / 2) : this.#queue.length;
    let events = 0;
    let count = 0;
    while (count < share) {
      events += this.#queue[count]!.append.events.length;
      if (count > 0 && events > this.#maxBatchEvents) break;
      count += 1;
    }
    return this.#queue.splice(0, count);
  }

  async #commit(batch: Waiting[]): Promise<void> {
    let outcomes: AppendOutcome[];
    try {
      outcomes = await this.#write(batch.map((waiting) => waiting.append));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // The transaction failed as a whole (nothing was written). Rerun each append on its own, so
      // one unstorable event fails only its own caller.
      for (const waiting of batch) await this.#commit([waiting]);
      return;
    }
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) batch[index]!.resolve(outcome.result);
      else batch[index]!.reject(outcome.error);
    });
  }
}
