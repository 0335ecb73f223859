import { expect } from 'vitest';
import { type StoredEvent, newEvent } from '../catalog';
import type { DecidedEvent } from '../decided-event';
import { type GivenEvent, storedEvents, testEventMetadata } from './stored-events';

/** What a decision test expects of `when(command)`. */
export interface DecisionOutcome<Event extends DecidedEvent> {
  /** The decision returns exactly these events (`[]`: nothing to change). */
  then(expected: readonly Event[]): void;
  /** The decision refuses: it throws an error matching `expected` (as vitest's `toThrow`). */
  thenThrows(expected?: string | RegExp | (new (...args: never[]) => Error)): void;
}

/** A decision test in the making: the stream's history is set, the command comes next. */
export interface GivenHistory<Command, Event extends DecidedEvent> {
  when(command: Command): DecisionOutcome<Event>;
}

export interface DecisionSpec<Command, Event extends DecidedEvent> {
  /** The events already in the stream, oldest first (`[]` for a new stream). */
  given(events: readonly GivenEvent[]): GivenHistory<Command, Event>;
}

/** Given / when / then for a pure decision; its events are checked against the catalogue, as on append. */
export function decisionSpec<State, Command, Event extends DecidedEvent>(
  decide: (state: State, command: Command) => readonly Event[],
  evolve: (state: State, event: StoredEvent) => State,
  initialState: State,
): DecisionSpec<Command, Event> {
  return {
    given(events) {
      const state = storedEvents(events).reduce(evolve, initialState);
      return {
        when(command) {
          const run = () => decide(state, command);
          return {
            then(expected) {
              const decided = run();
              expect(decided).toEqual(expected);
              decided.forEach((event, index) => newEvent<DecidedEvent['type']>(event.type, event.data, testEventMetadata(index + 1)));
            },
            thenThrows(expected) {
              expect(run).toThrow(expected);
            },
          };
        },
      };
    },
  };
}
