import { beforeAll, describe, expect, it } from 'vitest';
import { START, type EventToAppend } from '../event-store';
import { allAppendsVisible } from '../testing/all-appends-visible';
import { availableSqlClients } from '../testing/test-sql-clients';
import { storePerSuite } from '../testing/store-per-suite';
import { minWindow, readLogPageAtHead } from './read-log';

let ids = 0;
function event(type: string): EventToAppend {
  ids++;
  const eventId = `00000000-0000-4000-9000-${String(ids).padStart(12, '0')}`;
  return { eventId, type, schemaVersion: 1, data: { n: ids }, metadata: { eventId, occurredAt: '2025-01-01T00:00:00.000Z', requestId: 'r' } };
}

for (const candidate of availableSqlClients()) {
  describe(`readLogPageAtHead on ${candidate.name}`, () => {
    const db = storePerSuite(candidate);
    beforeAll(async () => {
      // More entries than one filtered window, so a filtered read can end short of the head.
      const filler = Array.from({ length: minWindow + 5 }, () => event('Filler'));
      await db.store.append('filler', filler, { expectedVersion: 'no_stream' });
      await db.store.append('wanted', [event('Wanted'), event('Wanted')], { expectedVersion: 'no_stream' });
      await allAppendsVisible(db.sql);
    });

    it('says a page that read to the last visible entry reached the head, and a full page did not', async () => {
      const whole = await readLogPageAtHead(db.sql, START, 10_000);
      expect(whole.page.events).toHaveLength(minWindow + 7);
      expect(whole.atHead).toBe(true);
      const first = await readLogPageAtHead(db.sql, START, 3);
      expect(first.atHead).toBe(false);
    });

    it('says a filtered page whose window ended before the head did not reach it, and the next one did', async () => {
      const first = await readLogPageAtHead(db.sql, START, 10, ['Wanted']);
      expect(first).toMatchObject({ page: { events: [] }, atHead: false });
      const second = await readLogPageAtHead(db.sql, first.page.next, 10, ['Wanted']);
      expect(second.page.events.map((e) => e.type)).toEqual(['Wanted', 'Wanted']);
      expect(second.atHead).toBe(true);
      // Read from the head: nothing, and still there.
      const after = await readLogPageAtHead(db.sql, second.page.next, 10, ['Wanted']);
      expect(after).toEqual({ page: { events: [], next: second.page.next }, atHead: true });
    });
  });
}
