import type { DataOf, EventMetadata, StoredEvent, WoodshedEventType } from '../../events/catalog';
import type { Position } from '../../events/store/event-store';
import { compileTrimmedReads } from './trimmed-reads';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/** One generation's table names by base name; queries read the base-name views over the live generation. */
export type GenerationTables<Table extends string = string> = Readonly<Record<Table, string>>;

export type StoredEventOf<Type extends WoodshedEventType> = Extract<StoredEvent, { type: Type }>;

/** The fields of one event type a projection folds: top-level keys of its data and of its metadata. */
export interface FieldsRead<Type extends WoodshedEventType> {
  readonly data: readonly (keyof DataOf<Type> & string)[];
  readonly metadata: readonly (keyof EventMetadata & string)[];
}

export type FieldReads<Type extends WoodshedEventType> = { readonly [T in Type]?: FieldsRead<T> };

/** An event of a type named in `reads`: the compiler keeps `fold` from a field the runtime did not read. */
export type TrimmedStoredEvent<Type extends WoodshedEventType, Read extends FieldsRead<Type>> = {
  type: Type;
  position: Position;
  data: Pick<DataOf<Type>, Read['data'][number]>;
  metadata: Pick<EventMetadata, Read['metadata'][number]>;
};

export type UntrimmedStoredEvent<Type extends WoodshedEventType> = { type: Type; position: Position; data: DataOf<Type>; metadata: EventMetadata };

/** What `fold` receives: the stored event without `reads`; with them, no stream, revision or time. */
export type FoldedEventOf<Type extends WoodshedEventType, Reads extends FieldReads<Type>> = [keyof Reads] extends [never]
  ? StoredEventOf<Type>
  : Type extends WoodshedEventType
    ? Reads[Type] extends FieldsRead<Type>
      ? TrimmedStoredEvent<Type, Reads[Type]>
      : UntrimmedStoredEvent<Type>
    : never;

export type FoldableEvent = StoredEvent | { type: WoodshedEventType; position: Position; data: object; metadata: object };

/** One read model. A pure row writer (no e-mail, payments or clock), so a replay gives the same rows. */
export interface ProjectionDefinition<
  Type extends WoodshedEventType,
  Changes,
  Table extends string,
  Reads extends FieldReads<Type> = Record<never, never>,
> {
  /** kebab-case: the checkpoint key, the lock key and the CLI argument (`npm run replay -- name`). */
  readonly name: string;
  /** Bump when the tables or `fold`/`apply` change: the app rebuilds blue/green, serving the old generation meanwhile. */
  readonly version: number;
  readonly eventTypes: readonly Type[];
  /** The fields `fold` uses, per type: only these are read and validated, most of a rebuild's speed. */
  readonly reads?: Reads;
  /** Events per write at most (default 100,000); changes that are totals per key can take more. */
  readonly eventsPerWrite?: number;
  /**
   * `'owner'`: every row depends only on the events of one owner's streams (`<category>-<owner id>`),
   * in their log order, so a rebuild may fold each owner partition apart (`npm run replay -- <name>
   * --workers W`). Declare it only when every event type it folds is appended to its owner's streams.
   */
  readonly partitionedBy?: 'owner';
  /** Base names (snake_case); each becomes a view over the live generation's table. */
  readonly tables: readonly Table[];
  migration(tables: GenerationTables<Table>): string;
  /** Fold events into row changes, extending `changes` if given. No database; a throw marks the event failing. */
  fold(events: readonly FoldedEventOf<Type, Reads>[], changes?: Changes): Changes;
  /** Write folded changes: set-based, one statement per table per batch, inside the runner's transaction. */
  apply(tx: SqlExecutor, changes: Changes, tables: GenerationTables<Table>): Promise<void>;
}

/** A projection with its types erased; the runtime passes only its `eventTypes` and its own `fold`'s changes. */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly eventTypes: readonly WoodshedEventType[];
  readonly reads?: Readonly<Partial<Record<WoodshedEventType, { readonly data: readonly string[]; readonly metadata: readonly string[] }>>>;
  readonly eventsPerWrite?: number;
  readonly partitionedBy?: 'owner';
  readonly tables: readonly string[];
  migration(tables: GenerationTables): string;
  fold(events: readonly FoldableEvent[], changes?: unknown): unknown;
  apply(tx: SqlExecutor, changes: unknown, tables: GenerationTables): Promise<void>;
}

const projectionName = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
// Leaves room for the `_g<generation>` suffix within PostgreSQL's 63-byte identifiers.
const tableName = /^[a-z][a-z0-9_]{0,47}$/;

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

export function generationTables(projection: Pick<Projection, 'tables'>, generation: number): GenerationTables {
  return Object.fromEntries(projection.tables.map((table) => [table, `${table}_g${generation}`]));
}
