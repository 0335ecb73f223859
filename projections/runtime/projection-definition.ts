import type { StoredEvent, WoodshedEventType } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';

/**
 * The real table names of one generation, keyed by the read model's base names:
 * `{ usage_bytes_per_user: 'usage_bytes_per_user_g3' }`. Queries never see these; they read the
 * view named after the base name, which points at the live generation.
 */
export type GenerationTables<Table extends string = string> = Readonly<Record<Table, string>>;

/** A stored event of one of the given types, already upcast and validated. */
export type StoredEventOf<Type extends WoodshedEventType> = Extract<StoredEvent, { type: Type }>;

/**
 * One read model: which events it folds, the tables it writes, and how. A projection is a pure
 * row writer: no e-mail, no payments, no clock, so replaying it is safe and gives the same rows.
 */
export interface ProjectionDefinition<Type extends WoodshedEventType, Changes, Table extends string> {
  /** kebab-case: the checkpoint key, the lock key and the CLI argument (`npm run replay -- name`). */
  readonly name: string;
  /**
   * Bump when the tables or the meaning of `fold`/`apply` change: a running app then rebuilds the
   * read model blue/green, serving the old generation (frozen) until the new one is caught up.
   */
  readonly version: number;
  readonly eventTypes: readonly Type[];
  /** Base names (snake_case); each becomes a view over the live generation's table. */
  readonly tables: readonly Table[];
  /** SQL creating one generation's tables (and their indexes), named by `tables`. */
  migration(tables: GenerationTables<Table>): string;
  /**
   * Fold a batch of events in memory into row changes. With `changes`, extend them (several pages
   * folded before one write). Must not touch the database; throwing marks the event as failing.
   */
  fold(events: readonly StoredEventOf<Type>[], changes?: Changes): Changes;
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
  readonly tables: readonly string[];
  migration(tables: GenerationTables): string;
  fold(events: readonly StoredEvent[], changes?: unknown): unknown;
  apply(tx: SqlExecutor, changes: unknown, tables: GenerationTables): Promise<void>;
}

const projectionName = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
// Leaves room for the `_g<generation>` suffix within PostgreSQL's 63-byte identifiers.
const tableName = /^[a-z][a-z0-9_]{0,47}$/;

/** Check a read model's definition and erase its types for the runtime. */
export function defineProjection<Type extends WoodshedEventType, Changes, Table extends string>(
  definition: ProjectionDefinition<Type, Changes, Table>,
): Projection {
  if (!projectionName.test(definition.name)) throw new RangeError(`Invalid projection name ${definition.name}`);
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new RangeError(`${definition.name}: version must be a positive integer`);
  }
  if (definition.eventTypes.length === 0) throw new RangeError(`${definition.name}: no event types`);
  if (definition.tables.length === 0) throw new RangeError(`${definition.name}: no tables`);
  for (const table of definition.tables) {
    if (!tableName.test(table)) throw new RangeError(`${definition.name}: invalid table name ${table}`);
  }
  return definition as unknown as Projection;
}

/** The tables of one generation: `usage_bytes_per_user` -> `usage_bytes_per_user_g3`. */
export function generationTables(projection: Pick<Projection, 'tables'>, generation: number): GenerationTables {
  return Object.fromEntries(projection.tables.map((table) => [table, `${table}_g${generation}`]));
}
