/**
 * The event store contract. Every adapter — PGlite,
 * PostgreSQL server, KurrentDB — implements this interface and passes the same contract suite.
 */

/**
 * Where an event sits in the global log. Opaque: compare positions only with plain string
 * comparison (`a < b`), never parse them. `START` sorts before every event.
 */
export type Position = string;

/** The position before the first event of the log. */
export const START: Position = '';

/**
 * What the writer believes about the stream: `'any'` skips the check, `'no_stream'` requires a new
 * stream, `'exists'` requires at least one event, a bigint requires that exact last revision
 * (the first event of a stream has revision 0n).
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'exists' | bigint;

/** Metadata stored beside each event; the catalog (events/catalog) gives it its shape. */
export type StoredMetadata = Record<string, unknown>;

/** An event on its way into the store. `eventId` is a UUID chosen by the writer (idempotency key). */
export interface EventToAppend {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: StoredMetadata;
}

/** An event as read back from the store. */
export interface RecordedEvent extends EventToAppend {
  streamId: string;
  /** Revision of the event inside its stream, from 0n. */
  streamPosition: bigint;
  position: Position;
  recordedAt: Date;
}

/** The outcome of a successful append. */
export interface AppendResult {
  /** The stream's last revision after the append; use it as the next `expectedVersion`. */
  nextExpectedVersion: bigint;
  /** Position of the last event written (or found, for an idempotent retry). */
  position: Position;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive); default 0n. */
  fromVersion?: bigint;
  max?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this position; default START. */
  after?: Position;
  max?: number;
  /** Only these event types (the position still advances past the others). */
  types?: readonly string[];
}

/** A page of the global log: `events` plus the position to continue from. */
export interface ReadAllPage {
  events: RecordedEvent[];
  /**
   * Continue reading after this position. It may be past the last returned event when a `types`
   * filter skipped events; it equals `after` when nothing new is visible yet.
   */
  next: Position;
}

export interface SubscribeOptions {
  after?: Position;
  types?: readonly string[];
  /** Events per delivered batch; default 500. */
  batchSize?: number;
  /**
   * Called with each batch in position order, never concurrently. The subscription waits for the
   * returned promise before reading on; a rejection stops the subscription and is reported through
   * `Subscription.done`.
   */
  onEvents: (events: RecordedEvent[], next: Position) => Promise<void>;
  /** Called once when history has been delivered and the subscription starts following live. */
  onCaughtUp?: (position: Position) => void;
}

/** A running catch-up subscription. */
export interface Subscription {
  /**
   * Stop reading; resolves once the current batch has been handled. An `onEvents` handler may stop
   * its own subscription but must not await this there: it would wait for itself.
   */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves after `stop()`, rejects on a handler error. */
  done: Promise<void>;
  /**
   * How far the subscription has got: every event of its types up to here was handed to `onEvents`
   * and handled, and it has read past entries of other types up to here. Reported by adapters that
   * know it (undefined otherwise); a projection moves its checkpoint there without reading the log.
   */
  readonly position?: Position;
}

export interface EventStore {
  /** Which adapter this is, for logs and test output (`pglite`, `postgres`, `kurrentdb`). */
  readonly kind: string;
  /**
   * Append events to one stream atomically. Throws `WrongExpectedVersion` when the stream's state
   * does not match. Appending events whose ids are already stored in that stream (a retry after a
   * lost acknowledgement) succeeds without writing them twice. A retry is recognised by event id,
   * stream, type, schema version and data; its metadata may differ (a later request id or time)
   * and the stored metadata is kept. Anything else under a stored id throws `EventIdConflict`.
   */
  append(streamId: string, events: readonly EventToAppend[], options: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in revision order. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events of the whole log in position order. Never returns an event while an event at a lower
   * position may still become visible (a transaction that commits late).
   */
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>;
  /** Read history from `after`, then follow live events, without gaps or duplicates. */
  subscribe(options: SubscribeOptions): Subscription;
  /** Position of the newest visible event (START for an empty log). */
  headPosition(): Promise<Position>;
  /**
   * How many visible events lie after `after`, or only those of `types` (for lag and progress
   * reports: what a projection still has to fold, not the events it will skip).
   */
  countAfter(after: Position, options?: { types?: readonly string[] }): Promise<number>;
  close(): Promise<void>;
}
