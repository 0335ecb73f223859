import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../events/catalog/catalog';
import { START } from '../../events/store/event-store';
import type { Storage } from '../../events/store/open-event-store';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { countEventsToReplay } from './count-events-to-replay';

const metadata = () => {
  const eventId = randomUUID();
  return { eventId, occurredAt: '2026-01-01T00:00:00.000Z', userId: null, requestId: 'test', causationId: eventId, correlationId: 'test' };
};
const streamed = (userId: number) =>
  newEvent('StemStreamed', { userId, songId: 1, filename: 'drums.mp3', bytesSent: 10, range: null, aborted: false }, metadata());

describe.each(availableSqlClients())('countEventsToReplay on $name', (client) => {
  let storage: Storage;

  beforeAll(async () => {
    const sql = await client.open();
    const store = await createPostgresEventStore(sql);
    storage = { sql, store, close: async () => (await store.close(), await sql.close()) };
  });
  afterAll(() => storage.close());

  it('counts only the given event types, after the given position', async () => {
    const { position } = await storage.store.append('user-1', [newEvent('UserRegistered', { userId: 1, email: 'a@example.com' }, metadata())], {
      expectedVersion: 'no_stream',
    });
    await storage.store.append('stems-1', [streamed(1), streamed(1), streamed(1)], { expectedVersion: 'any' });
    await storage.store.append('user-2', [newEvent('UserRegistered', { userId: 2, email: 'b@example.com' }, metadata())], {
      expectedVersion: 'no_stream',
    });

    expect(await countEventsToReplay(storage, ['UserRegistered'], START)).toBe(2);
    expect(await countEventsToReplay(storage, ['StemStreamed'], START)).toBe(3);
    expect(await countEventsToReplay(storage, ['UserRegistered', 'StemStreamed'], position)).toBe(4);
    expect(await countEventsToReplay(storage, ['MailingListSubscribed'], START)).toBe(0);
  });
});
