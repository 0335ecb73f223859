import type { EventStore, Position, ReadAllPage } from '../../events/store/event-store';
import { type ReadAllTrimmedPage, trimmedLogReaderOf } from '../../events/store/postgres/trimmed-log-reader';
import { type BatchOutcome, type BatchWriter, isNotTheEventsFault } from './batch-writer';

/** Small on purpose: a page of 1,000 events dies in V8's young generation; 10,000 got promoted. */
export const defaultPageSize = 1_000;

/** A trimmed page is one text with no row object per event, so larger pages cost the server less per event. */
export const defaultTrimmedPageSize = 10_000;

export const defaultEventsPerWrite = 100_000;

/** Held, not spread: a trimmed page's events are parsed when first read, after the next page is asked for. */
type CatchUpPage = { trimmed: false; page: ReadAllPage } | { trimmed: true; page: ReadAllTrimmedPage };

export type CatchUpOutcome = Exclude<BatchOutcome, { kind: 'committed' }> | { kind: 'caught-up' | 'stopped'; position: Position };

export interface CatchUpOptions {
  types: readonly string[];
  pageSize: number;
  /** Events per trimmed page (the PostgreSQL adapter's `readAllTrimmed`); default `pageSize`. */
  trimmedPageSize?: number;
  /** Events folded from several pages into one write (one transaction); default the projection's `eventsPerWrite`, else `defaultEventsPerWrite`. */
  maxBatchEvents?: number;
  onWritten?: (events: number, position: Position) => void;
  stopped?: () => boolean;
  /** Two trimmed pages in flight on connections of their own (a PostgreSQL server; PGlite runs one statement at a time). */
  twoPagesInFlight?: boolean;
}

/** What a catch-up reads: the whole log (an event store), or one partition of it (read-log-partition.ts). */
export type CatchUpLog = Pick<EventStore, 'readAll'>;

/**
 * Read from the checkpoint to the head, folding each page while the next is read, and write many pages
 * per transaction. When a fold or write fails, the log is read again page by page through `write`,
 * which dead-letters the failing event; a lost lock or lasting transient error is thrown.
 */
export async function catchUp(store: CatchUpLog, writer: BatchWriter, options: CatchUpOptions): Promise<CatchUpOutcome> {
  const maxBatchEvents = options.maxBatchEvents ?? writer.eventsPerWrite ?? defaultEventsPerWrite;
  const reads = writer.trimmedReads?.reads;
  const trimmedLog = reads ? trimmedLogReaderOf(store) : undefined;
  let pageByPage = false;
  // Page by page reads whole events, so a failing one is dead-lettered with all it holds.
  const read = (after: Position): Promise<CatchUpPage> =>
    reads && trimmedLog && !pageByPage
      ? trimmedLog.readAllTrimmed({ after, max: options.trimmedPageSize ?? options.pageSize, types: options.types, reads }).then((page) => ({ trimmed: true, page }))
      : store.readAll({ after, max: options.pageSize, types: options.types }).then((page) => ({ trimmed: false, page }));
  // The page after the page at `after`, asked for before that page is back; undefined when not asked.
  const readAfterWindow = (after: Position): Promise<ReadAllTrimmedPage> | undefined =>
    options.twoPagesInFlight && reads && trimmedLog && !pageByPage
      ? trimmedLog.readAllTrimmed({ after, max: options.trimmedPageSize ?? options.pageSize, types: options.types, reads, afterWindow: true })
      : undefined;
  let after = writer.checkpoint;
  let pending = read(after);
  let ahead = readAfterWindow(after);
  const dropAhead = () => {
    ahead?.catch(() => undefined);
    ahead = undefined;
  };
  const restartPageByPage = () => {
    writer.discardFolded();
    pending.catch(() => undefined);
    dropAhead();
    after = writer.checkpoint;
    pageByPage = true;
    pending = read(after);
  };
  try {
    for (;;) {
      const arrived = await pending;
      const { page } = arrived;
      // The next page is asked for before this one's events are parsed, so the server works meanwhile.
      const caughtUp = page.next <= after;
      if (!caughtUp) after = page.next;
      const stopped = options.stopped?.() ?? false;
      if (!caughtUp && !stopped) {
        pending = ahead ? followingPage(ahead, after, read) : read(after);
        ahead = readAfterWindow(after);
        // pg's pool hands out a connection asynchronously: yield so the query leaves before the fold.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (pageByPage) {
        if (!caughtUp) {
          if (arrived.trimmed) throw new Error('catchUp: a trimmed page reached the page-by-page write');
          const outcome = await writer.write(arrived.page.events, page.next);
          if (outcome.kind !== 'committed') return outcome;
          options.onWritten?.(page.events.length, page.next);
        }
      } else {
        try {
          if (arrived.trimmed) writer.foldTrimmed(arrived.page.events);
          else writer.fold(arrived.page.events);
        } catch {
          restartPageByPage();
          continue;
        }
        if ((caughtUp || stopped || writer.foldedEvents >= maxBatchEvents) && after > writer.checkpoint) {
          const events = writer.foldedEvents;
          let outcome: BatchOutcome;
          try {
            outcome = await writer.commitFolded(after);
          } catch (error) {
            if (isNotTheEventsFault(error)) throw error;
            restartPageByPage();
            continue;
          }
          if (outcome.kind !== 'committed') return outcome;
          options.onWritten?.(events, after);
        }
      }
      if (caughtUp) return { kind: 'caught-up', position: writer.checkpoint };
      if (stopped) return { kind: 'stopped', position: writer.checkpoint };
    }
  } finally {
    pending.catch(() => undefined);
    dropAhead();
  }
}

/** The page at `after`: `ahead` when it started right there (it may not, near the head), else read again. */
async function followingPage(ahead: Promise<ReadAllTrimmedPage>, after: Position, read: (after: Position) => Promise<CatchUpPage>): Promise<CatchUpPage> {
  const page = await ahead;
  return page.from === after ? { trimmed: true, page } : read(after);
}
