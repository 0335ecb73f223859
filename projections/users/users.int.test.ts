import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DataOf, type WoodshedEventType, newEvent } from '../../events/catalog';
import type { EventToAppend } from '../../events/store/event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { mailingList } from '../mailing-list/mailing-list-projection';
import { countMailingListSubscribers, mailingListSubscribedAt } from '../mailing-list/mailing-list-queries';
import { privacyRequests } from '../privacy-requests/privacy-requests-projection';
import { latestPrivacyRequests } from '../privacy-requests/privacy-requests-queries';
import { startProjectionHost } from '../runtime/projection-host';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { users } from './users-projection';
import { countUsers, findUser, findUserByEmail } from './users-queries';

let minute = 0;
function event<T extends WoodshedEventType>(type: T, data: DataOf<T>, userId: number | null): EventToAppend {
  minute++;
  const occurredAt = new Date(Date.UTC(2025, 9, 16, 9, minute)).toISOString();
  return newEvent(type, data, { eventId: randomUUID(), occurredAt, userId, requestId: 'r', causationId: 'r', correlationId: 'r' });
}

for (const client of availableSqlClients()) {
  describe(`users, privacy-requests and mailing-list read models (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    it('given account events in several batches, then one row per user with its flags and preferences', async () => {
      const { sql, store } = database();
      minute = 0;
      await store.append(
        'user-1',
        [
          event('UserRegistered', { userId: 1, email: 'ada@example.com' }, 1),
          event('UserSignedIn', { userId: 1, method: 'code' }, 1),
          event('TutorialDismissed', { userId: 1, tutorial: 'welcome' }, 1),
        ],
        { expectedVersion: 'no_stream' },
      );
      await store.append('user-2', [event('UserRegistered', { userId: 2, email: 'bob@example.com' }, 2)], { expectedVersion: 'no_stream' });
      await store.append(
        'user-1',
        [
          event('TutorialDismissed', { userId: 1, tutorial: 'bass' }, 1),
          event('TutorialDismissed', { userId: 1, tutorial: 'welcome' }, 1),
          event('UserPreferencesChanged', { userId: 1, chordInstrumentPreference: 'keys' }, 1),
          event('UserPreferencesChanged', { userId: 1, showChordsPreference: false }, 1),
          event('AnnouncementsUnsubscribed', { userId: 1 }, 1),
          event('UserSignedIn', { userId: 1, method: 'link' }, 1),
          event('UserSignedOut', { userId: 1, sessionsEnded: 2 }, 1),
        ],
        { expectedVersion: 2n },
      );
      await store.append('user-2', [event('AnnouncementsUnsubscribed', { userId: 2 }, 2), event('AnnouncementsResubscribed', { userId: 2 }, 2)], {
        expectedVersion: 0n,
      });
      await store.append('privacy-request-x', [
        event('PrivacyRequestSubmitted', { privacyRequestId: randomUUID(), email: 'c@example.com', requestType: 'optout', description: 'Do not sell my data.' }, null),
      ], { expectedVersion: 'no_stream' });
      const last = await store.append('mailing-list-d@example.com', [event('MailingListSubscribed', { email: 'd@example.com' }, null)], {
        expectedVersion: 'no_stream',
      });

      // A page of 3 folds the events over several batches, so updates must merge into earlier rows.
      const projections = await startProjectionHost({ sql, store, projections: [users, privacyRequests, mailingList], pageSize: 3, pollMs: 50, waitPollMs: 20 });
      try {
        for (const name of ['users', 'privacy-requests', 'mailing-list']) {
          await projections.waitForPosition(name, last.position, { timeoutMs: 20_000 });
        }
        expect(await countUsers(sql)).toBe(2);
        expect(await findUser(sql, 1)).toEqual({
          id: 1,
          email: 'ada@example.com',
          registeredAt: new Date('2025-10-16T09:01:00.000Z'),
          lastSignedInAt: new Date('2025-10-16T09:10:00.000Z'),
          signInCount: 2,
          dismissedTutorials: ['welcome', 'bass'],
          showChordsPreference: false,
          chordInstrumentPreference: 'keys',
          unsubscribedAnnouncements: true,
        });
        expect(await findUserByEmail(sql, 'bob@example.com')).toMatchObject({
          id: 2,
          lastSignedInAt: null,
          dismissedTutorials: [],
          showChordsPreference: true,
          chordInstrumentPreference: 'master',
          unsubscribedAnnouncements: false,
        });
        expect(await findUser(sql, 3)).toBeNull();
        expect(await latestPrivacyRequests(sql, 10)).toMatchObject([{ email: 'c@example.com', requestType: 'optout', userId: null }]);
        expect(await countMailingListSubscribers(sql)).toBe(1);
        expect(await mailingListSubscribedAt(sql, 'd@example.com')).toEqual(new Date('2025-10-16T09:15:00.000Z'));
      } finally {
        await projections.stop();
      }
    });
  });
}
