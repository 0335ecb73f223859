import { afterAll, beforeAll, expect } from 'vitest';
import { type GivenEvent, storedEvents } from '../../events/catalog/testing/stored-events';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import type { TestSqlClient } from '../../events/store/testing/test-sql-clients';
import { type GenerationTables, type Projection } from '../runtime/projection-definition';

/** What a projection test expects once the given events are folded in. */
export interface ProjectionOutcome {
  /** The table holds exactly these rows as `SELECT *` returns them, ordered by `orderBy` (default: first column). */
  then(table: string, rows: readonly Record<string, unknown>[], options?: { orderBy?: string }): Promise<void>;
  /** Check the read model through its query functions, which read the tables by their base names. */
  thenRead(check: (sql: SqlExecutor) => Promise<void>): Promise<void>;
}

export interface ProjectionSpec {
  /** The log, oldest first; events of types the projection does not fold are passed over, as the runtime does. */
  given(events: readonly GivenEvent[]): ProjectionOutcome;
}

/**
 * Given / when / then for a read model without the host, in a fresh database per describe block. Each
 * expectation is checked with all events in one batch and one per batch: rows must not depend on batching.
 * Call inside `describe`: `projectionSpec(users, client).given([...]).then('users', [...])`.
 */
export function projectionSpec(projection: Projection, client: TestSqlClient): ProjectionSpec {
  let sql: SqlClient | undefined;
  beforeAll(async () => {
    sql = await client.open();
  });
  afterAll(async () => {
    await sql?.close();
  });
  const tables: GenerationTables = Object.fromEntries(projection.tables.map((table) => [table, table]));

  async function project(events: readonly GivenEvent[], batchSize: number): Promise<SqlClient> {
    if (!sql) throw new Error('projectionSpec: the database is only open inside a test of its describe block');
    const folded = storedEvents(events).filter((event) => projection.eventTypes.includes(event.type));
    await sql.exec(projection.tables.map((table) => `DROP TABLE IF EXISTS ${table} CASCADE;`).join('\n'));
    await sql.exec(projection.migration(tables));
    for (let start = 0; start < folded.length; start += batchSize) {
      const changes = projection.fold(folded.slice(start, start + batchSize));
      await sql.transaction((tx) => projection.apply(tx, changes, tables));
    }
    return sql;
  }

  async function inEveryBatching(events: readonly GivenEvent[], check: (sql: SqlExecutor, batching: string) => Promise<void>): Promise<void> {
    for (const [batching, batchSize] of [
      ['one batch', Math.max(1, events.length)],
      ['one event per batch', 1],
    ] as const) {
      await check(await project(events, batchSize), batching);
    }
  }

  return {
    given(events) {
      return {
        then: (table, rows, options = {}) =>
          inEveryBatching(events, async (db, batching) => {
            if (!projection.tables.includes(table)) throw new RangeError(`${projection.name} has no table ${table}`);
            const { rows: actual } = await db.query(`SELECT * FROM ${table} ORDER BY ${options.orderBy ?? '1'}`);
            expect(actual, `${table} after folding ${batching}`).toEqual(rows);
          }),
        thenRead: (check) => inEveryBatching(events, (db) => check(db)),
      };
    },
  };
}
