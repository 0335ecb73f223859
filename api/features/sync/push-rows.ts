import type { DecidedEvent, StoredEvent } from '../../../events/catalog';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { EventSource } from '../../commands/request-event-metadata';
import { PushConflict } from './push-conflict';

/** A pushed row with its place in the request, so conflicts come back in the order they were pushed. */
export interface IndexedRow<Row> {
  index: number;
  row: Row;
}

/** The server's document for a row that was not applied. */
export interface RowConflict<Document> {
  index: number;
  master: Document;
}

/** Apply a push's rows on one stream as ONE command: one read, one append, one read-model wait (decision 0052); a lost race re-decides all. */
export async function pushRowsOnStream<State, Row, Event extends DecidedEvent, Document>(
  deps: Pick<AppDependencies, 'store' | 'clock' | 'projections'>,
  ctx: EventSource,
  command: {
    stream: string;
    userId: number;
    initialState: State;
    evolve: (state: State, event: StoredEvent) => State;
    rows: ReadonlyArray<IndexedRow<Row>>;
    /** One row's decision; throws `PushConflict` with the server's document when it does not apply. */
    decideRow: (state: State, row: Row) => readonly Event[];
    readModel: string;
  },
): Promise<Array<RowConflict<Document>>> {
  let conflicts: Array<RowConflict<Document>> = [];
  await handleCommand(deps, ctx, {
    stream: command.stream,
    initialState: command.initialState,
    evolve: command.evolve,
    userId: command.userId,
    readModel: command.readModel,
    decide: (state) => {
      conflicts = [];
      const decided: Event[] = [];
      let current = state;
      for (const { index, row } of command.rows) {
        try {
          const events = command.decideRow(current, row);
          decided.push(...events);
          current = events.reduce((folded, event) => command.evolve(folded, asDecidedNow(event, deps.clock.now())), current);
        } catch (error) {
          if (!(error instanceof PushConflict)) throw error;
          conflicts.push({ index, master: error.master as Document });
        }
      }
      return decided;
    },
  });
  return conflicts;
}

/** A decided event as the stream will hold it, for folding the rows after it. */
function asDecidedNow(event: DecidedEvent, now: Date): StoredEvent {
  const occurredAt = now.toISOString();
  return {
    ...event,
    metadata: { eventId: '', occurredAt, userId: null, requestId: '', causationId: '', correlationId: '' },
    streamId: '',
    streamPosition: -1n,
    position: '',
    recordedAt: now,
  } as StoredEvent;
}
