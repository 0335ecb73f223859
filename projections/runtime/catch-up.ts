import type { EventStore, Position, ReadAllPage, RecordedEvent } from '../../events/store/event-store';
import type { BatchOutcome, BatchWriter } from './batch-writer';

/** How a catch-up ended. */
export type CatchUpOutcome = Exclude<BatchOutcome, { kind: 'committed' }> | { kind: 'caught-up' | 'stopped'; position: Position };

export interface CatchUpOptions {
  types: readonly string[];
  /** Events per page read from the store. */
  pageSize: number;
  /** Events gathered from several pages into one write (one transaction); default 4 pages. */
  maxBatchEvents?: number;
  /** Called after each committed write with the number of events it held. */
  onWritten?: (events: number, position: Position) => void;
  /** Checked between pages; true ends the catch-up early with `stopped`. */
  stopped?: () => boolean;
}

/**
 * Read the log from the writer's checkpoint to the head in pages and write them in batches of a
 * few pages, one transaction each. The next page is always being read while the current batch is
 * folded and written, so the store's read and the projection's write overlap (two connections on
 * a PostgreSQL server), and gathering pages keeps the number of writes (upserts, checkpoint
 * updates) low where nothing overlaps (PGlite runs one statement at a time).
 */
export async function catchUp(store: EventStore, writer: BatchWriter, options: CatchUpOptions): Promise<CatchUpOutcome> {
  const maxBatchEvents = options.maxBatchEvents ?? options.pageSize * 4;
  const read = (after: Position): Promise<ReadAllPage> => store.readAll({ after, max: options.pageSize, types: options.types });
  let after = writer.checkpoint;
  let pending = read(after);
  let batch: RecordedEvent[][] = [];
  let batchEvents = 0;
  try {
    for (;;) {
      const page = await pending;
      const caughtUp = page.events.length === 0 && page.next <= after;
      if (!caughtUp) {
        batch.push(page.events);
        batchEvents += page.events.length;
        after = page.next;
      }
      const stopped = options.stopped?.() ?? false;
      if (!caughtUp && !stopped) pending = read(after);
      if ((caughtUp || stopped || batchEvents >= maxBatchEvents) && after > writer.checkpoint) {
        const events = batch.length === 1 ? batch[0]! : batch.flat();
        batch = [];
        batchEvents = 0;
        const outcome = await writer.write(events, after);
        if (outcome.kind !== 'committed') return outcome;
        options.onWritten?.(events.length, after);
      }
      if (caughtUp) return { kind: 'caught-up', position: writer.checkpoint };
      if (stopped) return { kind: 'stopped', position: writer.checkpoint };
    }
  } finally {
    // The read ahead may still be running; its result (or error) is not needed any more.
    pending.catch(() => undefined);
  }
}
