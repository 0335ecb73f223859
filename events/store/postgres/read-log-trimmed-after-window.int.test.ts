import { beforeAll, describe, expect, it } from 'vitest';
import type { EventToAppend, Position } from '../event-store';
import { allAppendsVisible } from '../testing/all-appends-visible';
import { availableSqlClients } from '../testing/test-sql-clients';
import { storePerSuite } from '../testing/store-per-suite';
import { minWindow } from './read-log';
import type { ReadFields } from './trimmed-log-reader';

let ids = 0;
function event(type: string, bytes: number): EventToAppend {
  ids++;
  const eventId = `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
  return { eventId, type, schemaVersion: 2, data: { user: ids % 7, bytes }, metadata: { eventId, occurredAt: '2025-01-01T00:00:00.000Z', requestId: 'r' } };
}

const reads: Record<string, ReadFields> = { Streamed: { schemaVersion: 2, data: ['bytes'], metadata: [] } };
const types = ['Streamed'];
/** Wanted events, then a run of skipped ones, then wanted ones again: more than two windows of entries. */
const layout = [
  { type: 'Streamed', count: 1_500 },
  { type: 'Other', count: 700 },
  { type: 'Streamed', count: 600 },
];

for (const candidate of availableSqlClients()) {
  describe(`readAllTrimmed with afterWindow on ${candidate.name}`, () => {
    const db = storePerSuite(candidate);
    beforeAll(async () => {
      let stream = 0;
      for (const { type, count } of layout) {
        for (let from = 0; from < count; from += 250) {
          const batch = Array.from({ length: Math.min(250, count - from) }, (_, index) => event(type, from + index));
          await db.store.append(`s-${stream++}`, batch, { expectedVersion: 'no_stream' });
        }
      }
      await allAppendsVisible(db.sql);
    });

    it('reads the page after the page at `after`, starting at its next, and says where it started', async () => {
      const max = minWindow;
      let after: Position = '';
      const started: (Position | null | undefined)[] = [];
      for (;;) {
        const page = await db.store.trimmedLogReader.readAllTrimmed({ after, max, types, reads });
        if (page.next <= after) break;
        const ahead = await db.store.trimmedLogReader.readAllTrimmed({ after, max, types, reads, afterWindow: true });
        const following = await db.store.trimmedLogReader.readAllTrimmed({ after: page.next, max, types, reads });
        started.push(ahead.from);
        if (ahead.from !== null) {
          // The window was all visible: the page ahead is exactly the following page.
          expect(ahead.from).toBe(page.next);
          expect(ahead.next).toBe(following.next);
          expect(ahead.events).toEqual(following.events);
        } else {
          // Fewer entries than a window were left: nothing read, and the reader must read again.
          expect(ahead.events).toEqual([]);
        }
        after = page.next;
      }
      expect(after).toBe(await db.store.headPosition());
      // A full page, a short one (a window of mostly skipped entries) followed; the last had no window left.
      expect(started.map((from) => from === null)).toEqual([false, false, true]);
    });

    it('starts nowhere when fewer than a window of entries are visible after `after`', async () => {
      const all = await db.store.readAll({ max: 10_000 });
      const nearHead = all.events.at(-(minWindow - 1))!.position;
      const ahead = await db.store.trimmedLogReader.readAllTrimmed({ after: nearHead, max: minWindow, types, reads, afterWindow: true });
      expect(ahead).toMatchObject({ from: null, events: [] });
      // One entry more than a window: it starts at the window's last entry.
      const oneMore = await db.store.trimmedLogReader.readAllTrimmed({ after: all.events.at(-(minWindow + 2))!.position, max: minWindow, types, reads, afterWindow: true });
      expect(oneMore.from).toBe(all.events.at(-2)!.position);
      expect(oneMore.events.map((read) => read.position)).toEqual([all.events.at(-1)!.position]);
    });

    it('with pages smaller than the least window, starts a window ahead, where no page at `after` ends', async () => {
      const page = await db.store.trimmedLogReader.readAllTrimmed({ max: 10, types, reads });
      const ahead = await db.store.trimmedLogReader.readAllTrimmed({ max: 10, types, reads, afterWindow: true });
      const all = await db.store.readAll({ max: minWindow });
      expect(ahead.from).toBe(all.events.at(-1)!.position);
      expect(ahead.from).not.toBe(page.next);
    });
  });
}
