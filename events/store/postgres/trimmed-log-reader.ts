import type { EventStore, Position } from '../event-store';

export interface ReadFields {
  /** Only events stored at this schema version are trimmed; events of other versions come back whole. */
  schemaVersion: number;
  data: readonly string[];
  metadata: readonly string[];
  /** Fields the reader refuses absent and null alike: the store may return one absent as null (cheaper). */
  neverNull?: { data: readonly string[]; metadata: readonly string[] };
}

export interface ReadAllTrimmedOptions {
  after?: Position;
  max?: number;
  types: readonly string[];
  reads: Readonly<Record<string, ReadFields>>;
  /** Read the page after the page at `after`, before that one is back; it follows only when `from` is that page's `next`. */
  afterWindow?: boolean;
}

export interface TrimmedEvent {
  position: Position;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

export interface ReadAllTrimmedPage {
  events: TrimmedEvent[];
  next: Position;
  /** With `afterWindow`: the position the page started after, or null when the window was not all visible yet (nothing read). */
  from?: Position | null;
}

/** The PostgreSQL adapter's own reader for folds of only some fields; not part of the contract. */
export interface TrimmedLogReader {
  /** `readAll` with a type filter, without stream, revision, id and time, and only the named fields. */
  readAllTrimmed(options: ReadAllTrimmedOptions): Promise<ReadAllTrimmedPage>;
}

export interface PostgresEventStore extends EventStore {
  readonly trimmedLogReader: TrimmedLogReader;
}

/** The trimmed reader of a PostgreSQL store, or of one partition of its log (read-log-partition.ts). */
export function trimmedLogReaderOf(log: object): TrimmedLogReader | undefined {
  return 'trimmedLogReader' in log ? (log as Pick<PostgresEventStore, 'trimmedLogReader'>).trimmedLogReader : undefined;
}
