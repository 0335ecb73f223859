import { describe, expect, it } from 'vitest';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { userEventHistory } from './user-event-history-projection';
import { userHistoryPage } from './user-event-history-queries';

const events: GivenEvent[] = [
  { type: 'UserRegistered', data: { userId: 3, email: 'three@example.com' } },
  { type: 'UserSignedIn', data: { userId: 3, method: 'code' } },
  { type: 'PurchasingDisabled', data: {}, metadata: { userId: 1 } },
  { type: 'SongStarred', data: { userId: 4, songId: 9 } },
  { type: 'CreditsAdjusted', data: { userId: 3, credits: 5, reason: 'metering fix' }, metadata: { userId: 1 } },
  { type: 'SongPlayed', data: { userId: 3, songId: 9 } },
];

for (const client of availableSqlClients()) {
  describe(`user-event-history read model (${client.name})`, () => {
    const spec = projectionSpec(userEventHistory, client);

    it('given the log (with an event about no user), then each event about a user under that user, with its actor, newest first by cursor', async () => {
      await spec.given(events).thenRead(async (sql) => {
        const first = await userHistoryPage(sql, 3, { limit: 2 });
        expect(first.events.map((event) => [event.type, event.actorUserId])).toEqual([
          ['SongPlayed', 3],
          ['CreditsAdjusted', 1],
        ]);
        expect(first.events[1]?.data).toEqual({ userId: 3, credits: 5, reason: 'metering fix' });
        expect(first.nextCursor).toBe(first.events[1]?.position);
        const second = await userHistoryPage(sql, 3, { limit: 2, before: first.nextCursor! });
        expect(second.events.map((event) => event.type)).toEqual(['UserSignedIn', 'UserRegistered']);
        expect(second.nextCursor).toBeNull();
        expect((await userHistoryPage(sql, 3, { limit: 10, types: ['UserSignedIn', 'SongPlayed'] })).events.map((event) => event.type)).toEqual(['SongPlayed', 'UserSignedIn']);
        expect((await userHistoryPage(sql, 4, { limit: 10 })).events.map((event) => event.type)).toEqual(['SongStarred']);
        expect(await userHistoryPage(sql, 5, { limit: 10 })).toEqual({ events: [], nextCursor: null });
      });
    });

    it('leaves out events about no user', () => {
      expect(userEventHistory.eventTypes).not.toContain('PurchasingDisabled');
      expect(userEventHistory.eventTypes).not.toContain('SongCatalogued');
    });
  });
}
