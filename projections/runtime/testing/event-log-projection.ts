import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { type Projection, defineProjection } from '../projection-definition';

/** Hooks a test sets to hold a write open, or to make it fail, from outside the projection. */
export interface EventLogControls {
  /** Awaited inside the write transaction, after the rows are written and before it commits. */
  beforeCommit?: (writer: string) => Promise<void>;
  /** Fail `apply` with this SQLSTATE (raised by the server), or a real `statement-timeout` (server only). */
  failWith?: (writer: string) => string | undefined;
  /** How many times `apply` ran, whatever became of its transaction. */
  applies: number;
}

export function eventLogControls(): EventLogControls {
  return { applies: 0 };
}

/** Records every StemStreamed it folds, how often and by which `writer`, to prove exactly-once application. */
export function eventLogProjection(controls: EventLogControls, options: { writer: string; version?: number }): Projection {
  return defineProjection({
    name: 'event-log',
    version: options.version ?? 1,
    eventTypes: ['StemStreamed'],
    tables: ['event_log'],
    migration: (tables) => `CREATE TABLE ${tables.event_log} (position text PRIMARY KEY, folds integer NOT NULL, writer text NOT NULL)`,
    fold(events, changes: string[] = []) {
      for (const event of events) changes.push(event.position);
      return changes;
    },
    async apply(tx: SqlExecutor, changes: string[], tables) {
      controls.applies += 1;
      const failure = controls.failWith?.(options.writer);
      if (failure === 'statement-timeout') {
        await tx.exec(`SET LOCAL statement_timeout = '20ms'`);
        await tx.query('SELECT pg_sleep(5)');
      } else if (failure !== undefined) {
        if (!/^[0-9A-Z]{5}$/.test(failure)) throw new RangeError(`Not a SQLSTATE: ${failure}`);
        await tx.exec(`DO $$ BEGIN RAISE EXCEPTION 'failing on purpose' USING ERRCODE = '${failure}'; END $$`);
      }
      await tx.query(
        `INSERT INTO ${tables.event_log} AS current (position, folds, writer)
         SELECT id, 1, $2 FROM unnest($1::text[]) AS id
         ON CONFLICT (position) DO UPDATE SET folds = current.folds + 1, writer = excluded.writer`,
        [changes, options.writer],
      );
      await controls.beforeCommit?.(options.writer);
    },
  });
}

/** The rows of the event log (`event_log` view, or a generation's table): in position order. */
export async function readEventLog(sql: SqlExecutor, table = 'event_log'): Promise<Array<{ folds: number; writer: string }>> {
  const { rows } = await sql.query<{ folds: number; writer: string }>(`SELECT folds, writer FROM ${table} ORDER BY position`);
  return rows.map((row) => ({ folds: Number(row.folds), writer: row.writer }));
}

/** A gate a test opens by hand; `waiting` tells once something waits at it. */
export function gate(): { wait: () => Promise<void>; open: () => void; waiting: () => boolean } {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  let waiters = 0;
  return {
    wait: async () => {
      waiters += 1;
      await opened;
    },
    open: () => release(),
    waiting: () => waiters > 0,
  };
}
