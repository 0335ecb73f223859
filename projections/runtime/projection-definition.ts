import type { DataOf, EventMetadata, StoredEvent, WoodshedEventType } from '../../events/catalog';
import type { Position } from '../../events/store/event-store';
import { compileTrimmedReads } from './trimmed-reads';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/**
 * The real table names of one generation, keyed by the read model's base names:
 * `{ usage_bytes_per_user: 'usage_bytes_per_user_g3' }`. Queries never see these; they read the
 * view named after the base name, which points at the live generation.
 */
export type GenerationTables<Table extends string = string> = Readonly<Record<Table, string>>;

/** A stored event of one of the given types, already upcast and validated. */
export type StoredEventOf<Type extends WoodshedEventType> = Extract<StoredEvent, { type: Type }>;

/** The fields of one event type a projection folds: top-level keys of its data and of its metadata. */
export interface FieldsRead<Type extends WoodshedEventType> {
  readonly data: readonly (keyof DataOf<Type> & string)[];
  readonly metadata: readonly (keyof EventMetadata & string)[];
}

/** Per event type, the fields a projection folds; a type not named is read whole. */
export type FieldReads<Type extends WoodshedEventType> = { readonly [T in Type]?: FieldsRead<T> };

/**
 * An event of a type named in `reads`, as `fold` receives it: its type, its position and the
 * declared fields (validated), nothing else. The compiler keeps `fold` from using a field it
 * did not declare, which the runtime would not have read.
 */
export type TrimmedStoredEvent<Type extends WoodshedEventType, Read extends FieldsRead<Type>> = {
  type: Type;
  position: Position;
  data: Pick<DataOf<Type>, Read['data'][number]>;
  metadata: Pick<EventMetadata, Read['metadata'][number]>;
};

/** An event of a type not named in `reads` of a projection that has them: all its data and metadata, and its position. */
export type UntrimmedStoredEvent<Type extends WoodshedEventType> = { type: Type; position: Position; data: DataOf<Type>; metadata: EventMetadata };

/**
 * What `fold` receives: the whole stored event when the projection declares no `reads`; else, per
 * type, the trimmed event when `reads` names it, or its data and metadata whole (the runtime
 * reads the log trimmed then, without stream, revision or time of any event).
 */
export type FoldedEventOf<Type extends WoodshedEventType, Reads extends FieldReads<Type>> = [keyof Reads] extends [never]
  ? StoredEventOf<Type>
  : Type extends WoodshedEventType
    ? Reads[Type] extends FieldsRead<Type>
      ? TrimmedStoredEvent<Type, Reads[Type]>
      : UntrimmedStoredEvent<Type>
    : never;

/** An event as the runtime hands it to a type-erased `fold`: whole, or trimmed to what it reads. */
export type FoldableEvent = StoredEvent | { type: WoodshedEventType; position: Position; data: object; metadata: object };

/**
 * One read model: which events it folds, the tables it writes, and how. A projection is a pure
 * row writer: no e-mail, no payments, no clock, so replaying it is safe and gives the same rows.
 */
export interface ProjectionDefinition<
  Type extends WoodshedEventType,
  Changes,
  Table extends string,
  Reads extends FieldReads<Type> = Record<never, never>,
> {
  /** kebab-case: the checkpoint key, the lock key and the CLI argument (`npm run replay -- name`). */
  readonly name: string;
  /**
   * Bump when the tables or the meaning of `fold`/`apply` change: a running app then rebuilds the
   * read model blue/green, serving the old generation (frozen) until the new one is caught up.
   */
  readonly version: number;
  readonly eventTypes: readonly Type[];
  /**
   * The fields `fold` uses of the events of some types. A catch-up then reads only these (and the
   * event's position) from the store and validates only them; a rebuild reads every event of the
   * log, so leaving out what is not folded is most of its speed (docs/archive/benchmarks-history-2026.md). Optional: a
   * type not named here, or the whole projection without it, gets whole events.
   */
  readonly reads?: Reads;
  /**
   * Events folded into one write at most when catching up or rebuilding; default 100,000, which
   * bounds the changes held in memory when they grow with the events (a row per event). A
   * projection whose changes are totals per key (per user, per month) holds at most a row per key
   * however many events it folds, and its write costs per key touched: it can take more, and a
   * rebuild then writes the same rows fewer times (docs/archive/benchmarks-history-2026.md, "Fewer writes per rebuild").
   */
  readonly eventsPerWrite?: number;
  /** Base names (snake_case); each becomes a view over the live generation's table. */
  readonly tables: readonly Table[];
  /** SQL creating one generation's tables (and their indexes), named by `tables`. */
  migration(tables: GenerationTables<Table>): string;
  /**
   * Fold a batch of events in memory into row changes. With `changes`, extend them (several pages
   * folded before one write). Must not touch the database; throwing marks the event as failing.
   */
  fold(events: readonly FoldedEventOf<Type, Reads>[], changes?: Changes): Changes;
  /** Write folded changes: set-based, one statement per table per batch, inside the runner's transaction. */
  apply(tx: SqlExecutor, changes: Changes, tables: GenerationTables<Table>): Promise<void>;
}

/**
 * A projection as the runtime handles it, its types erased so different read models fit in one
 * list. The runtime only ever passes events of `eventTypes` and changes its own `fold` produced.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly eventTypes: readonly WoodshedEventType[];
  readonly reads?: Readonly<Partial<Record<WoodshedEventType, { readonly data: readonly string[]; readonly metadata: readonly string[] }>>>;
  readonly eventsPerWrite?: number;
  readonly tables: readonly string[];
  migration(tables: GenerationTables): string;
  fold(events: readonly FoldableEvent[], changes?: unknown): unknown;
  apply(tx: SqlExecutor, changes: unknown, tables: GenerationTables): Promise<void>;
}

const projectionName = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
// Leaves room for the `_g<generation>` suffix within PostgreSQL's 63-byte identifiers.
const tableName = /^[a-z][a-z0-9_]{0,47}$/;

/** Check a read model's definition and erase its types for the runtime. */
export function defineProjection<Type extends WoodshedEventType, Changes, Table extends string, const Reads extends FieldReads<Type> = Record<never, never>>(
  definition: ProjectionDefinition<Type, Changes, Table, Reads>,
): Projection {
  if (!projectionName.test(definition.name)) throw new RangeError(`Invalid projection name ${definition.name}`);
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new RangeError(`${definition.name}: version must be a positive integer`);
  }
  if (definition.eventsPerWrite !== undefined && !(Number.isSafeInteger(definition.eventsPerWrite) && definition.eventsPerWrite > 0)) {
    throw new RangeError(`${definition.name}: eventsPerWrite must be a positive integer`);
  }
  if (definition.eventTypes.length === 0) throw new RangeError(`${definition.name}: no event types`);
  if (definition.tables.length === 0) throw new RangeError(`${definition.name}: no tables`);
  for (const table of definition.tables) {
    if (!tableName.test(table)) throw new RangeError(`${definition.name}: invalid table name ${table}`);
  }
  const projection = definition as unknown as Projection;
  // Fails now, at import, rather than at the first catch-up: a type it does not fold, a field its schema lacks.
  compileTrimmedReads(projection);
  return projection;
}

/** The tables of one generation: `usage_bytes_per_user` -> `usage_bytes_per_user_g3`. */
export function generationTables(projection: Pick<Projection, 'tables'>, generation: number): GenerationTables {
  return Object.fromEntries(projection.tables.map((table) => [table, `${table}_g${generation}`]));
}
