import type { EventStore, Position } from '../event-store';

/** The top-level fields `readAllTrimmed` returns of the events of one type. */
export interface ReadFields {
  /** Only events stored at this schema version are trimmed; events of other versions come back whole. */
  schemaVersion: number;
  data: readonly string[];
  metadata: readonly string[];
  /**
   * Read fields (of `data` and `metadata`) that the reader refuses both when absent and when null:
   * the store may return such a field as null when it is absent, since telling the two apart costs
   * the server and the parse more (docs/archive/benchmarks-history-2026.md, "Compiled field checks"). Every other read
   * field keeps an absent field absent and a null null.
   */
  neverNull?: { data: readonly string[]; metadata: readonly string[] };
}

export interface ReadAllTrimmedOptions {
  /** Return events strictly after this position; default START. */
  after?: Position;
  max?: number;
  /** Only these event types (the position still advances past the others). */
  types: readonly string[];
  /** Per event type, the fields to return; types not named here come back whole. */
  reads: Readonly<Record<string, ReadFields>>;
  /**
   * Read the page after the page at `after` instead: start after the end of the window of log
   * entries a page at `after` with the same `max` covers, so a reader can ask for it before that
   * page is back. The page says where it started (`from`); it follows that page only when `from`
   * is that page's `next`.
   */
  afterWindow?: boolean;
}

/** An event as `readAllTrimmed` returns it: where it sits, what it is, and the read fields of its data and metadata. */
export interface TrimmedEvent {
  position: Position;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

/** A page of `readAllTrimmed`; `next` as in `ReadAllPage`. */
export interface ReadAllTrimmedPage {
  events: TrimmedEvent[];
  next: Position;
  /** With `afterWindow`: the position the page started after, or null when the window was not all visible yet (nothing read). */
  from?: Position | null;
}

/**
 * The PostgreSQL adapter's own reader of the log, for a catch-up or a rebuild that folds only some
 * fields of each event: it is not part of the `EventStore` contract, and a store of another adapter
 * (KurrentDB) is read with `readAll`.
 */
export interface TrimmedLogReader {
  /**
   * `readAll` with a type filter: the same events and `next`, each with its position, type and
   * schema version but without its stream, revision, id and time, and with only the named
   * top-level fields of data and metadata (an absent field stays absent, a null stays null).
   */
  readAllTrimmed(options: ReadAllTrimmedOptions): Promise<ReadAllTrimmedPage>;
}

/** The event store on PostgreSQL or PGlite: the contract, and the trimmed reader of its log. */
export interface PostgresEventStore extends EventStore {
  readonly trimmedLogReader: TrimmedLogReader;
}

/** The trimmed reader of `store` when its adapter has one (PostgreSQL, PGlite); undefined for any other. */
export function trimmedLogReaderOf(store: EventStore): TrimmedLogReader | undefined {
  return 'trimmedLogReader' in store ? (store as PostgresEventStore).trimmedLogReader : undefined;
}
