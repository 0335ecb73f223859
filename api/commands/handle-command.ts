import { type DecidedEvent, type StoredEvent, decodeEvent, newEvent } from '../../events/catalog';
import type { EventToAppend, Position } from '../../events/store/event-store';
import { WrongExpectedVersion } from '../../events/store/wrong-expected-version';
import { ProjectionWaitTimeout } from '../../projections/runtime/position-waiter';
import type { AppDependencies } from '../app-dependencies';
import { AppError } from '../http/app-error';
import { type EventSource, requestEventMetadata } from './request-event-metadata';

/**
 * One command on one stream, decided on the state its events fold into (emmett's `CommandHandler`).
 * `decide` is pure: the command's input is closed over, time and ids are added here.
 */
export interface Command<State, Event extends DecidedEvent> {
  /** The stream the decision is made on and appended to, e.g. `user-7`. */
  stream: string;
  initialState: State;
  /** One event into the state; events of other concerns in the stream pass through unchanged. */
  evolve: (state: State, event: StoredEvent) => State;
  /** The events that carry the command out; none when there is nothing to change. */
  decide: (state: State) => readonly Event[];
  /** Whose action this is, recorded in each event's metadata. */
  userId: number | null;
  /** A projection to wait for after appending, so the request's next read sees the change. */
  readModel?: string;
}

/** What a command did: the events it appended (none when the decision changed nothing). */
export interface CommandOutcome<Event extends DecidedEvent> {
  events: readonly Event[];
  /** Position of the last event appended; undefined when nothing was appended. */
  position: Position | undefined;
  /** How many times the stream was read and decided on (1 without a concurrent writer). */
  attempts: number;
}

export type CommandDependencies = Pick<AppDependencies, 'store' | 'clock' | 'projections'>;

/** Reads, decisions and appends per command before a lost race becomes a 409. */
export const maxCommandAttempts = 5;
const readModelWaitMs = 5_000;

/**
 * Read, fold, decide, append with the stream's revision expected; a lost race re-decides, up to
 * `maxCommandAttempts`, then 409. With `readModel`, waits for it (a late one is a 503; the write stands).
 */
export async function handleCommand<State, Event extends DecidedEvent>(
  deps: CommandDependencies,
  ctx: EventSource,
  command: Command<State, Event>,
): Promise<CommandOutcome<Event>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await deps.store.readStream(command.stream);
    const state = recorded.map(decodeEvent).reduce(command.evolve, command.initialState);
    const decided = command.decide(state);
    if (decided.length === 0) return { events: [], position: undefined, attempts: attempt };
    const toAppend = decided.map((event) => toEventToAppend(event, requestEventMetadata(ctx, deps.clock, command.userId)));
    const last = recorded.at(-1);
    let position: Position;
    try {
      ({ position } = await deps.store.append(command.stream, toAppend, { expectedVersion: last ? last.streamPosition : 'no_stream' }));
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= maxCommandAttempts) {
        throw new AppError(409, 'conflict', 'This was changed by another request at the same time. Please try again.');
      }
      // Writers that lost the same race should not all come back in the same instant.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      continue;
    }
    if (command.readModel !== undefined) await waitForReadModel(deps, command.readModel, position);
    return { events: decided, position, attempts: attempt };
  }
}

function toEventToAppend(event: DecidedEvent, metadata: Parameters<typeof newEvent>[2]): EventToAppend {
  // Widened to the whole catalogue: `event` pairs its type with that type's data (DecidedEvent).
  return newEvent<DecidedEvent['type']>(event.type, event.data, metadata);
}

async function waitForReadModel(deps: CommandDependencies, projection: string, position: Position): Promise<void> {
  try {
    await deps.projections.waitForPosition(projection, position, { timeoutMs: readModelWaitMs });
  } catch (error) {
    if (!(error instanceof ProjectionWaitTimeout)) throw error;
    throw new AppError(503, 'not_ready', 'Your change is saved but not visible yet. Please reload in a moment.');
  }
}
