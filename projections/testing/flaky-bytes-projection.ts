import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { type Projection, defineProjection } from '../runtime/projection-definition';

/** Switches a test flips to make the flaky projection fail, or to "deploy the fix". */
export interface FlakyControls {
  /** Folding an event whose filename is in here throws (a bug in the fold). */
  poisonFilenames: Set<string>;
  /** Writing a batch that touches one of these users throws after its upsert ran (a failing write). */
  failingUsers: Set<number>;
}

type FlakyChanges = Map<number, { bytes: number; streams: number }>;

/** A bytes-per-user read model that fails on demand, to exercise transactions, dead letters and bisection. */
export function flakyBytesProjection(controls: FlakyControls, options: { version?: number } = {}): Projection {
  return defineProjection({
    name: 'flaky-bytes',
    version: options.version ?? 1,
    eventTypes: ['StemStreamed'],
    tables: ['flaky_bytes'],
    migration: (tables) => `CREATE TABLE ${tables.flaky_bytes} (user_id integer PRIMARY KEY, bytes bigint NOT NULL, streams bigint NOT NULL)`,
    fold(events, changes: FlakyChanges = new Map()) {
      for (const event of events) {
        if (controls.poisonFilenames.has(event.data.filename)) throw new Error(`poisoned event ${event.data.filename}`);
        const row = changes.get(event.data.userId) ?? { bytes: 0, streams: 0 };
        row.bytes += event.data.bytesSent;
        row.streams += 1;
        changes.set(event.data.userId, row);
      }
      return changes;
    },
    async apply(tx: SqlExecutor, changes: FlakyChanges, tables) {
      await tx.query(
        `INSERT INTO ${tables.flaky_bytes} AS current (user_id, bytes, streams)
         SELECT * FROM unnest($1::integer[], $2::bigint[], $3::bigint[])
         ON CONFLICT (user_id) DO UPDATE SET bytes = current.bytes + excluded.bytes, streams = current.streams + excluded.streams`,
        [[...changes.keys()], [...changes.values()].map((row) => row.bytes), [...changes.values()].map((row) => row.streams)],
      );
      const failing = [...changes.keys()].find((userId) => controls.failingUsers.has(userId));
      if (failing !== undefined) throw new Error(`cannot write user ${failing}`);
    },
  });
}
