import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RecordedEvent } from '../store/event-store';
import { UnknownEventType, decodeEvent, newEvent } from './catalog';
import { defineEvent } from './define-event';
import type { EventMetadata } from './event-metadata';

function metadata(): EventMetadata {
  const eventId = randomUUID();
  return { eventId, occurredAt: '2026-03-01T12:00:00.000Z', userId: 7, requestId: 'req-1', causationId: eventId, correlationId: 'flow-1' };
}

function recorded(type: string, schemaVersion: number, data: unknown): RecordedEvent {
  const meta = metadata();
  return {
    eventId: meta.eventId,
    type,
    schemaVersion,
    data,
    metadata: meta,
    streamId: 'user-7',
    streamPosition: 4n,
    position: '00000000000000000042/00000000000000000017',
    recordedAt: new Date('2026-03-01T12:00:01.000Z'),
  };
}

describe('decodeEvent', () => {
  it('reads a v1 StemStreamed back as v2', () => {
    const stored = recorded('StemStreamed', 1, { userId: 7, songId: 12, stem: 'bass.mp3', bytes: 10_485_761 });
    const decoded = decodeEvent(stored);
    expect(decoded.type).toBe('StemStreamed');
    expect(decoded.data).toEqual({ userId: 7, songId: 12, filename: 'bass.mp3', bytesSent: 10_485_761, range: null, aborted: false });
    expect(decoded).toMatchObject({ streamId: 'user-7', streamPosition: 4n, position: stored.position, recordedAt: stored.recordedAt, metadata: stored.metadata });
  });

  it('passes a current-version StemStreamed through unchanged', () => {
    const data = { userId: 7, songId: 12, filename: 'drums.mp3', bytesSent: 2048, range: { start: 0, end: 2047 }, aborted: true };
    expect(decodeEvent(recorded('StemStreamed', 2, data)).data).toEqual(data);
  });

  it('rejects stored data that does not fit its schema', () => {
    expect(() => decodeEvent(recorded('StemStreamed', 1, { userId: 7, songId: 12, stem: '', bytes: 1 }))).toThrow();
    expect(() => decodeEvent(recorded('SongStarred', 1, { userId: 'seven', songId: 1 }))).toThrow();
  });

  it('throws UnknownEventType for a type the catalogue does not know', () => {
    expect(() => decodeEvent(recorded('SongSung', 1, {}))).toThrow(UnknownEventType);
    expect(() => decodeEvent(recorded('SongSung', 1, {}))).toThrow('Unknown event type SongSung');
  });
});

describe('newEvent', () => {
  it('builds an event for the store with the current schema version and the metadata id', () => {
    const meta = metadata();
    const event = newEvent('SongStarred', { userId: 7, songId: 12 }, meta);
    expect(event).toEqual({ eventId: meta.eventId, type: 'SongStarred', schemaVersion: 1, data: { userId: 7, songId: 12 }, metadata: meta });
    const stem = newEvent('StemStreamed', { userId: 7, songId: 12, filename: 'a.mp3', bytesSent: 1, range: null, aborted: false }, metadata());
    expect(stem.schemaVersion).toBe(2);
  });

  it('rejects invalid data and invalid metadata', () => {
    expect(() => newEvent('SongStarred', { userId: -1, songId: 12 }, metadata())).toThrow();
    expect(() => newEvent('StemStreamed', { userId: 7, songId: 12, filename: 'a.mp3', bytesSent: -5, range: null, aborted: false }, metadata())).toThrow();
    expect(() => newEvent('SongStarred', { userId: 7, songId: 12 }, { ...metadata(), eventId: 'not-a-uuid' })).toThrow();
  });

  it('throws UnknownEventType for an unknown type', () => {
    expect(() => newEvent('SongSung' as 'SongStarred', { userId: 7, songId: 12 }, metadata())).toThrow(UnknownEventType);
  });
});

describe('defineEvent', () => {
  it('refuses a schema version without an upcaster from every older version', () => {
    expect(() => defineEvent({ type: 'Gapped', schemaVersion: 3, schema: z.object({}), upcasters: { 1: (data) => data } })).toThrow('no upcaster from v2 to v3');
  });
});
