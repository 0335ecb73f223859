import { beforeAll, describe, expect, it } from 'vitest';
import type { EventToAppend, Position } from '../event-store';
import { plainTrimmedEvent } from '../testing/plain-trimmed-event';
import { availableSqlClients } from '../testing/test-sql-clients';
import { storePerSuite } from '../testing/store-per-suite';
import type { ReadFields } from './trimmed-log-reader';

let ids = 0;
function event(type: string, schemaVersion: number, data: Record<string, unknown>): EventToAppend {
  ids++;
  const eventId = `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
  return { eventId, type, schemaVersion, data, metadata: { eventId, occurredAt: `2025-01-01T00:00:${String(ids % 60).padStart(2, '0')}.000Z`, requestId: 'r' } };
}

const reads: Record<string, ReadFields> = {
  Streamed: { schemaVersion: 2, data: ['user', 'bytes'], metadata: ['occurredAt'] },
};

for (const candidate of availableSqlClients()) {
  describe(`readAllTrimmed on ${candidate.name}`, () => {
    const db = storePerSuite(candidate);
    beforeAll(async () => {
      await db.store.append('a', [event('Streamed', 2, { user: 1, song: 5, bytes: 10, range: null })], { expectedVersion: 'no_stream' });
      await db.store.append('b', [event('Starred', 1, { user: 2, song: 6 })], { expectedVersion: 'no_stream' });
      // An older version comes back whole: only its upcaster knows its fields.
      await db.store.append('a', [event('Streamed', 1, { user: 3, stem: 'drums', bytes: 30 })], { expectedVersion: 0n });
      await db.store.append('c', [event('Other', 1, { note: 'skipped' })], { expectedVersion: 'no_stream' });
      await db.store.append('a', [event('Streamed', 2, { user: 4, song: 7, bytes: 40, range: { start: 0, end: 1 }, startedAt: 'x' })], {
        expectedVersion: 1n,
      });
    });

    it('returns the events and next of readAll, with only the read fields of the named type at its version', async () => {
      const types = ['Streamed', 'Starred'];
      const whole = await db.store.readAll({ types, max: 10 });
      const trimmed = await db.store.trimmedLogReader.readAllTrimmed({ types, max: 10, reads });
      expect(trimmed.next).toBe(whole.next);
      const [first, second, third, fourth] = whole.events;
      const occurredAt = (read: typeof first) => ({ occurredAt: read!.metadata.occurredAt });
      expect(trimmed.events.map(plainTrimmedEvent)).toEqual([
        { position: first!.position, type: 'Streamed', schemaVersion: 2, data: { user: 1, bytes: 10 }, metadata: occurredAt(first) },
        { position: second!.position, type: 'Starred', schemaVersion: 1, data: { user: 2, song: 6 }, metadata: second!.metadata },
        { position: third!.position, type: 'Streamed', schemaVersion: 1, data: { user: 3, stem: 'drums', bytes: 30 }, metadata: third!.metadata },
        { position: fourth!.position, type: 'Streamed', schemaVersion: 2, data: { user: 4, bytes: 40 }, metadata: occurredAt(fourth) },
      ]);
    });

    it('keeps a null as null and leaves an absent field absent', async () => {
      const page = await db.store.trimmedLogReader.readAllTrimmed({
        types: ['Streamed'],
        max: 10,
        reads: { Streamed: { schemaVersion: 2, data: ['user', 'bytes', 'range', 'startedAt'], metadata: [] } },
      });
      expect(page.events.filter((read) => read.schemaVersion === 2).map((read) => read.data)).toEqual([
        { user: 1, bytes: 10, range: null },
        { user: 4, bytes: 40, range: { start: 0, end: 1 }, startedAt: 'x' },
      ]);
    });

    it('returns a neverNull field as its value, and as null when absent, the others as before', async () => {
      const page = await db.store.trimmedLogReader.readAllTrimmed({
        types: ['Streamed'],
        max: 10,
        reads: {
          Streamed: {
            schemaVersion: 2,
            data: ['user', 'range', 'startedAt', 'song'],
            metadata: ['occurredAt', 'causationId'],
            neverNull: { data: ['user', 'range', 'startedAt'], metadata: ['causationId'] },
          },
        },
      });
      const current = page.events.filter((read) => read.schemaVersion === 2);
      expect(current.map((read) => read.data)).toEqual([
        { user: 1, range: null, startedAt: null, song: 5 },
        { user: 4, range: { start: 0, end: 1 }, startedAt: 'x', song: 7 },
      ]);
      expect(current.map((read) => (read.metadata as Record<string, unknown>).causationId)).toEqual([null, null]);
      expect(current.every((read) => typeof (read.metadata as Record<string, unknown>).occurredAt === 'string')).toBe(true);
    });

    it('pages like readAll: a full page continues after its last event, a window of skipped types still advances', async () => {
      const pages = async (read: (after: Position) => Promise<{ events: { position: Position }[]; next: Position }>) => {
        const seen: Position[][] = [];
        let after = '';
        for (;;) {
          const page = await read(after);
          if (page.events.length === 0 && page.next <= after) return { seen, after };
          seen.push(page.events.map((read) => read.position));
          after = page.next;
        }
      };
      const whole = await pages((after) => db.store.readAll({ after, max: 1, types: ['Streamed'] }));
      const trimmed = await pages((after) => db.store.trimmedLogReader.readAllTrimmed({ after, max: 1, types: ['Streamed'], reads }));
      expect(trimmed).toEqual(whole);
      expect(trimmed.seen.flat()).toHaveLength(3);
      const none = await db.store.trimmedLogReader.readAllTrimmed({ types: ['Nothing'], max: 5, reads });
      expect(none).toEqual(await db.store.readAll({ types: ['Nothing'], max: 5 }));
      expect(none.events).toEqual([]);
      expect(none.next).toBe(await db.store.headPosition());
    });
  });
}
