import { EventIdConflict } from '../event-id-conflict';
import type { AppendResult, EventToAppend, ExpectedVersion } from '../event-store';
import { WrongExpectedVersion } from '../wrong-expected-version';
import type { SqlExecutor } from './sql-client';
import { encodePosition } from './sql-position';

/** One caller's `append`, waiting for its batch. */
export interface PendingAppend {
  streamId: string;
  events: readonly EventToAppend[];
  expectedVersion: ExpectedVersion;
}

/** What became of one append of a batch; a rejected append does not affect the others. */
export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

interface OutcomeRow {
  out_outcome: 'ok' | 'retry' | 'wrong_version' | 'conflict';
  out_actual: string | null;
  out_next: string | null;
  out_tx_id: string | null;
  out_global_position: string | null;
  out_event_id: string | null;
  out_detail: string | null;
}

/** Decide and write a batch of appends in one call of `append_events`: a fixed cost per batch. */
export async function appendBatch(executor: SqlExecutor, appends: readonly PendingAppend[]): Promise<AppendOutcome[]> {
  const events = appends.flatMap((append) => append.events);
  const { rows } = await executor.query<OutcomeRow>('SELECT * FROM append_events($1, $2, $3, $4, $5, $6, $7, $8)', [
    appends.map((append) => append.streamId),
    appends.map((append) => String(append.expectedVersion)),
    appends.map((append) => append.events.length),
    events.map((event) => event.eventId),
    events.map((event) => event.type),
    events.map((event) => event.schemaVersion),
    // One JSON array each, serialised here: `pg` would turn an array into a PostgreSQL array.
    JSON.stringify(events.map((event) => event.data ?? null)),
    JSON.stringify(events.map((event) => event.metadata)),
  ], { name: 'append_events' });
  return rows.map((row, index): AppendOutcome => {
    const append = appends[index]!;
    switch (row.out_outcome) {
      case 'ok':
      case 'retry':
        return { ok: true, result: { nextExpectedVersion: BigInt(row.out_next!), position: encodePosition(row.out_tx_id!, row.out_global_position!) } };
      case 'wrong_version':
        return { ok: false, error: new WrongExpectedVersion(append.streamId, append.expectedVersion, row.out_actual === null ? undefined : BigInt(row.out_actual)) };
      case 'conflict':
        return { ok: false, error: new EventIdConflict(append.streamId, row.out_event_id!, row.out_detail!) };
    }
  });
}
