import type { AllStreamResolvedEvent, JSONEventData } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { START } from '../event-store';
import type { EventToAppend } from '../event-store';
import { SCHEMA_VERSION_KEY, decodeVisibleEvent, differingEvent, fromKurrentRecordedEvent, toKurrentEventData } from './kurrentdb-event-codec';
import { kurrentEventFilter } from './kurrentdb-event-filter';
import { encodeKurrentPosition } from './kurrentdb-position';

const event: EventToAppend = {
  eventId: '0b7e3a52-5f8c-4b8e-9a51-3f2f6d1c9e10',
  type: 'SongStarred',
  schemaVersion: 2,
  data: { songId: 'song-1', stars: [1, 2] },
  metadata: { eventId: '0b7e3a52-5f8c-4b8e-9a51-3f2f6d1c9e10', userId: 7, requestId: 'req-1' },
};

/** What KurrentDB hands back for `data` appended as revision 3 of `user-7` at `position`. */
function asStored(data: JSONEventData, position: { commit: bigint; prepare: bigint }, created: Date): AllStreamResolvedEvent {
  return {
    event: {
      streamId: 'user-7',
      id: data.id,
      isJson: true,
      revision: 3n,
      type: data.type,
      created,
      data: data.data,
      metadata: data.metadata,
      position,
    },
  };
}

describe('KurrentDB event codec', () => {
  it('writes our event id, type and data, with the schema version inside metadata', () => {
    const data = toKurrentEventData(event);
    expect(data).toEqual({
      id: event.eventId,
      contentType: 'application/json',
      type: 'SongStarred',
      data: event.data,
      metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: 2 },
    });
  });

  it('reads the event back as written, schema version taken out of metadata', () => {
    const created = new Date('2026-03-01T12:00:00.000Z');
    const position = { commit: 2048n, prepare: 2048n };
    const stored = asStored(toKurrentEventData(event) as JSONEventData, position, created);
    expect(fromKurrentRecordedEvent(stored.event!)).toEqual({
      ...event,
      streamId: 'user-7',
      streamPosition: 3n,
      position: encodeKurrentPosition(position),
      recordedAt: created,
    });
  });

  it('reads an event without a schema version (another writer) as version 1', () => {
    const stored = asStored({ ...(toKurrentEventData(event) as JSONEventData), metadata: { source: 'elsewhere' } }, { commit: 1n, prepare: 1n }, new Date());
    const recorded = fromKurrentRecordedEvent(stored.event!);
    expect(recorded.schemaVersion).toBe(1);
    expect(recorded.metadata).toEqual({ source: 'elsewhere' });
  });

  it('skips system events and events at or before `after`', () => {
    const data = toKurrentEventData(event) as JSONEventData;
    const at = { commit: 500n, prepare: 500n };
    const stored = asStored(data, at, new Date());
    expect(decodeVisibleEvent(stored, START)?.eventId).toBe(event.eventId);
    expect(decodeVisibleEvent(stored, encodeKurrentPosition({ commit: 499n, prepare: 499n }))?.eventId).toBe(event.eventId);
    expect(decodeVisibleEvent(stored, encodeKurrentPosition(at))).toBeUndefined();
    expect(decodeVisibleEvent(stored, encodeKurrentPosition({ commit: 501n, prepare: 501n }))).toBeUndefined();
    expect(decodeVisibleEvent(asStored({ ...data, type: '$metadata' }, at, new Date()), START)).toBeUndefined();
  });
});

describe('checking an append against what KurrentDB stored', () => {
  const second: EventToAppend = { ...event, eventId: '5d1c2f0e-8a3b-4c7d-9e6f-0a1b2c3d4e5f', type: 'SongUnstarred', data: { songId: 'song-1' } };
  /** The events as KurrentDB returns them after a JSON round trip, as a real read would. */
  const storedAs = (events: EventToAppend[]) =>
    events.map((sent, index) => {
      const data = JSON.parse(JSON.stringify(toKurrentEventData(sent))) as JSONEventData;
      return asStored(data, { commit: BigInt(index), prepare: BigInt(index) }, new Date()).event!;
    });

  it('accepts events stored as sent', () => {
    expect(differingEvent([event, second], storedAs([event, second]))).toBeUndefined();
  });

  it('accepts data that only changed form in JSON (dates as strings, undefined dropped)', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    const sent = { ...event, data: { at, note: undefined } };
    expect(differingEvent([sent], storedAs([{ ...event, data: { at: at.toISOString() } }]))).toBeUndefined();
  });

  it('names the first event stored with another payload under the same id', () => {
    const earlier = { ...second, data: { songId: 'song-2' } };
    expect(differingEvent([event, second], storedAs([event, earlier]))).toEqual({ eventId: second.eventId, reason: 'is stored with a different payload' });
    expect(differingEvent([event], storedAs([{ ...event, schemaVersion: 1 }]))?.reason).toBe('is stored with a different payload');
    expect(differingEvent([event], storedAs([{ ...event, type: 'SongUnstarred' }]))?.reason).toBe('is stored with a different payload');
  });

  it('accepts a retry whose metadata differs, as the PostgreSQL adapters do', () => {
    const retried = { ...event, metadata: { ...event.metadata, requestId: 'req-2', occurredAt: '2026-03-02T00:00:00.000Z' } };
    expect(differingEvent([retried], storedAs([event]))).toBeUndefined();
    expect(differingEvent([{ ...event, metadata: {} }], storedAs([event]))).toBeUndefined();
  });

  it('names an event that is not at the revisions the append reported', () => {
    expect(differingEvent([event, second], storedAs([event]))).toEqual({ eventId: second.eventId, reason: 'is not where KurrentDB reported the append' });
    expect(differingEvent([event], storedAs([second]))?.eventId).toBe(event.eventId);
  });
});

describe('KurrentDB event filter', () => {
  it('matches exactly the given types, regex characters included', () => {
    const filter = kurrentEventFilter(['SongStarred', 'Stem.Streamed']);
    expect(filter.filterOn).toBe('eventType');
    const regex = new RegExp('regex' in filter ? filter.regex : '');
    expect(['SongStarred', 'Stem.Streamed'].filter((type) => regex.test(type))).toEqual(['SongStarred', 'Stem.Streamed']);
    expect(['SongStarredTwice', 'XSongStarred', 'StemXStreamed', '$metadata'].filter((type) => regex.test(type))).toEqual([]);
  });

  it('excludes system events when no types are given', () => {
    const filter = kurrentEventFilter();
    const regex = new RegExp('regex' in filter ? filter.regex : '');
    expect(['SongStarred', '$metadata', '$>', '$statistics-collected'].filter((type) => regex.test(type))).toEqual(['SongStarred']);
  });
});
