import type { EventStore, Position, ReadAllPage } from '../../events/store/event-store';
import { type ReadAllTrimmedPage, trimmedLogReaderOf } from '../../events/store/postgres/trimmed-log-reader';
import { type BatchOutcome, type BatchWriter, isNotTheEventsFault } from './batch-writer';

/**
 * Events per page when catching up, unless a caller says otherwise. Small on purpose: a page of
 * 1,000 events dies in V8's young generation, while pages of 10,000 (about 15 MB of row objects,
 * parsed JSON and strings) outlived it, were promoted and cost old-generation collections (see
 * docs/archive/benchmarks-history-2026.md, "Pages of 1,000 events when catching up"). The next page is always being
 * read while one is folded, so the extra round trips overlap with work.
 */
export const defaultPageSize = 1_000;

/**
 * Events per trimmed page when rebuilding, unless a caller says otherwise. A trimmed page comes as
 * one text, with no row object per event, and larger pages cost the server less per event: a
 * rebuild on the server measured 0.36x of the bare read with pages of 1,000, 0.48x with 10,000
 * (docs/archive/benchmarks-history-2026.md, "One text per trimmed page").
 */
export const defaultTrimmedPageSize = 10_000;

/** Events folded into one write at most, for a projection that does not say (`eventsPerWrite`). */
export const defaultEventsPerWrite = 100_000;

/**
 * A page as read: whole events, or trimmed to the projection's `reads`. The page is held, not
 * spread: a trimmed page's events are parsed when first read, after the next page is asked for.
 */
type CatchUpPage = { trimmed: false; page: ReadAllPage } | { trimmed: true; page: ReadAllTrimmedPage };

/** How a catch-up ended. */
export type CatchUpOutcome = Exclude<BatchOutcome, { kind: 'committed' }> | { kind: 'caught-up' | 'stopped'; position: Position };

export interface CatchUpOptions {
  types: readonly string[];
  /** Events per page read from the store. */
  pageSize: number;
  /** Events per trimmed page (the PostgreSQL adapter's `readAllTrimmed`); default `pageSize`. */
  trimmedPageSize?: number;
  /** Events folded from several pages into one write (one transaction); default the projection's `eventsPerWrite`, else `defaultEventsPerWrite`. */
  maxBatchEvents?: number;
  /** Called after each committed write with the number of events it held. */
  onWritten?: (events: number, position: Position) => void;
  /** Checked between pages; true ends the catch-up early with `stopped`. */
  stopped?: () => boolean;
  /**
   * Keep two trimmed pages in flight, each on a connection of its own: while one page is folded,
   * the next is read and the one after it is asked for (`afterWindow`), so the server keeps
   * working. For a PostgreSQL server; PGlite runs one statement at a time. Default false.
   */
  twoPagesInFlight?: boolean;
}

/**
 * Read the log from the writer's checkpoint to the head in pages, fold each page as it arrives,
 * and write the folded changes of many pages in one transaction. The next page is always being
 * read while the current one is folded or written, so the store's read and the projection's work
 * overlap (two connections on a PostgreSQL server); folding page by page keeps one page of events
 * in memory, and few writes (upserts, checkpoint updates) cover the whole log.
 *
 * When an event fails to fold or the write fails, the folded changes cannot tell which event did:
 * they are dropped and the log is read again from the checkpoint, one write per page, through the
 * writer's `write`, which commits the events before the failing one and dead-letters it. A lost
 * lock, or a transient database error that outlived the writer's retries, is no event's fault:
 * it is thrown, and the caller starts again from the checkpoint later.
 */
export async function catchUp(store: EventStore, writer: BatchWriter, options: CatchUpOptions): Promise<CatchUpOutcome> {
  const maxBatchEvents = options.maxBatchEvents ?? writer.eventsPerWrite ?? defaultEventsPerWrite;
  const reads = writer.trimmedReads?.reads;
  // The log is read trimmed only through the PostgreSQL adapter's own reader, when the projection
  // declares its `reads`; any other adapter (KurrentDB) is read whole through the contract.
  const trimmedLog = reads ? trimmedLogReaderOf(store) : undefined;
  let pageByPage = false;
  // Trimmed pages while folding many pages per write; whole events page by page, where a failing
  // event is isolated and dead-lettered with all it holds.
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
      // Nothing new when `next` did not move (a page's events all lie at or before its `next`). The
      // next page is asked for before this one's events are touched: a trimmed page parses them
      // when first read, and the server works on the next one meanwhile.
      const caughtUp = page.next <= after;
      if (!caughtUp) after = page.next;
      const stopped = options.stopped?.() ?? false;
      if (!caughtUp && !stopped) {
        pending = ahead ? followingPage(ahead, after, read) : read(after);
        ahead = readAfterWindow(after);
        // Let the driver send the next page's query before this page is folded: pg's pool hands
        // out a connection asynchronously, so without yielding once the query left only after the
        // fold, and the server waited on it (docs/archive/benchmarks-history-2026.md, "The next page's query").
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (pageByPage) {
        if (!caughtUp) {
          // Page by page reads whole events only (`read`); `write` needs them to dead-letter one.
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
    // The reads ahead may still be running; their results (or errors) are not needed any more.
    pending.catch(() => undefined);
    dropAhead();
  }
}

/**
 * The page at `after`: `ahead` (asked for with `afterWindow` from the page before) when it started
 * right there, else read again. It starts elsewhere only when that page's window was not all
 * visible when asked (near the head, where a later snapshot may see more) or when a page stops
 * before its window's end (pages smaller than the store's least window).
 */
async function followingPage(ahead: Promise<ReadAllTrimmedPage>, after: Position, read: (after: Position) => Promise<CatchUpPage>): Promise<CatchUpPage> {
  const page = await ahead;
  return page.from === after ? { trimmed: true, page } : read(after);
}
