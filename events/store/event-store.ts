/** Where an event sits in the global log. Opaque: compare with `a < b`, never parse. */
export type Position = string;

export const START: Position = '';

/** A bigint is the stream's exact last revision (its first event is 0n). */
export type ExpectedVersion = 'any' | 'no_stream' | 'exists' | bigint;

export type StoredMetadata = Record<string, unknown>;

/** `eventId` is a UUID chosen by the writer: the idempotency key. */
export interface EventToAppend {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: StoredMetadata;
}

export interface RecordedEvent extends EventToAppend {
  streamId: string;
  streamPosition: bigint;
  position: Position;
  recordedAt: Date;
}

export interface AppendResult {
  nextExpectedVersion: bigint;
  /** Position of the last event written (or found, for an idempotent retry). */
  position: Position;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
}

export interface ReadStreamOptions {
  fromVersion?: bigint;
  max?: number;
}

export interface ReadAllOptions {
  after?: Position;
  max?: number;
  /** Only these event types (the position still advances past the others). */
  types?: readonly string[];
}

export interface ReadAllPage {
  events: RecordedEvent[];
  /** May be past the last event (a `types` filter skipped some); equals `after` when nothing new is visible. */
  next: Position;
}

export interface SubscribeOptions {
  after?: Position;
  types?: readonly string[];
  batchSize?: number;
  /** Called with each batch in order, never concurrently; a rejection ends the subscription through `done`. */
  onEvents: (events: RecordedEvent[], next: Position) => Promise<void>;
  onCaughtUp?: (position: Position) => void;
}

export interface Subscription {
  /** Resolves once the current batch is handled: an `onEvents` handler must not await it (it would wait for itself). */
  stop(): Promise<void>;
  done: Promise<void>;
  /** Handled up to here, other types included, where the adapter knows it: a projection's checkpoint may move there. */
  readonly position?: Position;
}

export interface EventStore {
  readonly kind: string;
  /**
   * Atomic per stream; throws `WrongExpectedVersion`. A retry (same ids and payload) writes nothing;
   * anything else under a stored id throws `EventIdConflict`.
   */
  append(streamId: string, events: readonly EventToAppend[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Never returns an event while one at a lower position may still become visible (a late commit). */
  readAll(options?: ReadAllOptions): Promise<ReadAllPage>;
  subscribe(options: SubscribeOptions): Subscription;
  headPosition(): Promise<Position>;
  /** Visible events after `after` (of `types`, if given), for lag and progress reports. */

  countAfter(after: Position, options?: { types?: readonly string[] }): Promise<number>;
  close(): Promise<void>;
}
