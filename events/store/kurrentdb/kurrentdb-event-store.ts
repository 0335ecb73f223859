import {
  BACKWARDS,
  END,
  KurrentDBClient,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
} from '@kurrent/kurrentdb-client';
import type {
  AppendResult as KurrentAppendResult,
  ReadStreamOptions as KurrentReadStreamOptions,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { START } from '../event-store';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  EventToAppend,
  Position,
  ReadAllOptions,
  ReadAllPage,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store';
import { EventIdConflict } from '../event-id-conflict';
import type { SqlClient } from '../postgres/sql-client';
import { WrongExpectedVersion } from '../wrong-expected-version';
import { decodeVisibleEvent, differingEvent, fromKurrentRecordedEvent, toKurrentEventData } from './kurrentdb-event-codec';
import { kurrentEventFilter } from './kurrentdb-event-filter';
import { encodeKurrentPosition, toKurrentReadPosition } from './kurrentdb-position';
import { fromKurrentStreamState, toKurrentStreamState } from './kurrentdb-stream-state';
import { subscribeToKurrentDb } from './kurrentdb-subscription';

// KurrentDB event ids are UUIDs; refusing others here gives the same error as the SQL adapters.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How to reach KurrentDB (the scale-out mode's event log). */
export interface KurrentDbEventStoreOptions {
  /** A KurrentDB connection string, e.g. `kurrentdb://localhost:2113?tls=false`. */
  connectionString: string;
  /** The read models' database, for projection checkpoints; this adapter stores nothing in it. */
  checkpointSql: SqlClient;
}

/** The EventStore contract on KurrentDB, through `@kurrent/kurrentdb-client`. */
export async function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): Promise<EventStore> {
  // The client connects lazily, so a server that is still starting does not fail the start-up.
  const client = KurrentDBClient.connectionString(options.connectionString);
  const running = new Set<Subscription>();

  /** Events of one stream; a stream that does not exist reads as empty. */
  async function collectStream(streamId: string, readOptions: KurrentReadStreamOptions): Promise<KurrentRecordedEvent[]> {
    const events: KurrentRecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, readOptions)) {
        if (resolved.event) events.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async function lastRevision(streamId: string): Promise<bigint | undefined> {
    const [last] = await collectStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    return last?.revision;
  }

  async function append(streamId: string, events: readonly EventToAppend[], { expectedVersion }: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId}: no events given`);
    const badId = events.find((event) => !UUID.test(event.eventId));
    if (badId) throw new RangeError(`append to ${streamId}: event id ${badId.eventId} is not a UUID`);
    const repeated = events.find((event, index) => events.findIndex((other) => other.eventId === event.eventId) !== index);
    if (repeated) throw new EventIdConflict(streamId, repeated.eventId, 'appears twice in one append');
    let result: KurrentAppendResult;
    try {
      result = await client.appendToStream(streamId, events.map(toKurrentEventData), {
        streamState: toKurrentStreamState(expectedVersion),
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedVersion(streamId, expectedVersion, fromKurrentStreamState(error.actualState));
      }
      throw error;
    }
    if (!result.success) {
      // Only with `throwOnAppendFailure=false` in the connection string, where the client's batch
      // append reports the actual revision wrongly, so ask the stream itself.
      throw new WrongExpectedVersion(streamId, expectedVersion, await lastRevision(streamId));
    }
    // Read the appended events back: only they carry the exact `$all` position readAll reports (a retry
    // may return none), and KurrentDB accepts a retry by ids alone, while our contract needs the same payload.
    const firstRevision = result.nextExpectedRevision - BigInt(events.length) + 1n;
    const stored = await collectStream(streamId, { fromRevision: firstRevision, maxCount: events.length });
    const mismatch = differingEvent(events, stored);
    if (mismatch) throw new EventIdConflict(streamId, mismatch.eventId, mismatch.reason);
    return { nextExpectedVersion: result.nextExpectedRevision, position: fromKurrentRecordedEvent(stored[stored.length - 1]).position };
  }

  async function readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (readOptions.max !== undefined && readOptions.max <= 0) return [];
    const events = await collectStream(streamId, {
      fromRevision: readOptions.fromVersion ?? 0n,
      maxCount: readOptions.max,
    });
    return events.map(fromKurrentRecordedEvent);
  }

  async function readAll(readOptions: ReadAllOptions = {}): Promise<ReadAllPage> {
    const after = readOptions.after ?? START;
    const { max, types } = readOptions;
    if (max !== undefined && max <= 0) return { events: [], next: after };
    // Taken before reading: a read reaching the end has seen everything up to this head, so `next` may
    // move past filtered-out events (else a reader of rare types would never advance).
    const headBefore = types === undefined ? START : await headPosition();
    // One more than asked for, because the event at `after` may come back first.
    const maxCount = max === undefined ? undefined : max + 1;
    const events: RecordedEvent[] = [];
    let received = 0;
    for await (const resolved of client.readAll({ fromPosition: toKurrentReadPosition(after), maxCount, filter: kurrentEventFilter(types) })) {
      received++;
      const event = decodeVisibleEvent(resolved, after);
      if (!event) continue;
      events.push(event);
      if (events.length === max) return { events, next: event.position };
    }
    const lastReturned = events.at(-1)?.position ?? after;
    const reachedEnd = maxCount === undefined || received < maxCount;
    return { events, next: reachedEnd && headBefore > lastReturned ? headBefore : lastReturned };
  }

  async function headPosition(): Promise<Position> {
    for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() })) {
      if (resolved.event?.position) return encodeKurrentPosition(resolved.event.position);
    }
    return START;
  }

  // Reads every event after `after`: fine for lag reports, where the lag is meant to be small.
  async function countAfter(after: Position, countOptions: { types?: readonly string[] } = {}): Promise<number> {
    let count = 0;
    for await (const resolved of client.readAll({ fromPosition: toKurrentReadPosition(after), filter: kurrentEventFilter(countOptions.types) })) {
      if (decodeVisibleEvent(resolved, after)) count++;
    }
    return count;
  }

  function subscribe(subscribeOptions: SubscribeOptions): Subscription {
    const subscription = subscribeToKurrentDb(client, subscribeOptions);
    running.add(subscription);
    const forget = () => running.delete(subscription);
    subscription.done.then(forget, forget);
    return subscription;
  }

  async function close(): Promise<void> {
    await Promise.all([...running].map((subscription) => subscription.stop()));
    await client.dispose();
  }

  return { kind: 'kurrentdb', append, readStream, readAll, subscribe, headPosition, countAfter, close };
}
