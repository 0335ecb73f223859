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
import { projectionSpec } from '../testing/projection-spec';
import { users } from './users-projection';
import { countUsers, findUser, findUserByEmail } from './users-queries';

let minute = 0;
function event<T extends WoodshedEventType>(type: T, data: DataOf<T>, userId: number | null): EventToAppend {
  minute++;
  const occurredAt = new Date(Date.UTC(2025, 9, 16, 9, minute)).toISOString();
  return newEvent(type, data, { eventId: randomUUID(), occurredAt, userId, requestId: 'r', causationId: 'r', correlationId: 'r' });
}

const ada = { userId: 1, email: 'ada@example.com' };
const bob = { userId: 2, email: 'bob@example.com' };

for (const client of availableSqlClients()) {
  describe(`users read model (${client.name})`, () => {
    const spec = projectionSpec(users, client);

    // Event n of a given list occurs at 09:0n (events/catalog/testing/stored-events.ts).
    const history = spec.given([
      { type: 'UserRegistered', data: ada, streamId: 'user-1' },
      { type: 'UserSignedIn', data: { userId: 1, method: 'code' }, streamId: 'user-1' },
      { type: 'TutorialDismissed', data: { userId: 1, tutorial: 'welcome' }, streamId: 'user-1' },
      { type: 'UserRegistered', data: bob, streamId: 'user-2' },
      { type: 'TutorialDismissed', data: { userId: 1, tutorial: 'bass' }, streamId: 'user-1' },
      { type: 'TutorialDismissed', data: { userId: 1, tutorial: 'welcome' }, streamId: 'user-1' },
      { type: 'UserPreferencesChanged', data: { userId: 1, chordInstrumentPreference: 'keys' }, streamId: 'user-1' },
      { type: 'UserPreferencesChanged', data: { userId: 1, showChordsPreference: false }, streamId: 'user-1' },
      { type: 'AnnouncementsUnsubscribed', data: { userId: 1 }, streamId: 'user-1' },
      { type: 'UserSignedIn', data: { userId: 1, method: 'link' }, streamId: 'user-1' },
      { type: 'UserSignedOut', data: { userId: 1, sessionsEnded: 2 }, streamId: 'user-1' },
      { type: 'AnnouncementsUnsubscribed', data: { userId: 2 }, streamId: 'user-2' },
      { type: 'AnnouncementsResubscribed', data: { userId: 2 }, streamId: 'user-2' },
      { type: 'MailingListSubscribed', data: { email: 'd@example.com' }, streamId: 'mailing-list-d@example.com' },
    ]);

    it('given account events, then one row per user with its flags and preferences', async () => {
      await history.then('users', [
        {
          user_id: 1,
          email: 'ada@example.com',
          registered_at: new Date('2025-10-16T09:01:00.000Z'),
          last_signed_in_at: new Date('2025-10-16T09:10:00.000Z'),
          sign_in_count: 2,
          // Stored sorted; the queries answer in the spec's order of tutorials.
          dismissed_tutorials: ['bass', 'welcome'],
          show_chords_preference: false,
          chord_instrument_preference: 'keys',
          unsubscribed_announcements: true,
        },
        {
          user_id: 2,
          email: 'bob@example.com',
          registered_at: new Date('2025-10-16T09:04:00.000Z'),
          last_signed_in_at: null,
          sign_in_count: 0,
          dismissed_tutorials: [],
          show_chords_preference: true,
          chord_instrument_preference: 'master',
          unsubscribed_announcements: false,
        },
      ]);
    });

    it('given account events, then the queries answer by id and by address', async () => {
      await history.thenRead(async (sql) => {
        expect(await countUsers(sql)).toBe(2);
        expect(await findUser(sql, 1)).toMatchObject({ id: 1, email: 'ada@example.com', signInCount: 2, dismissedTutorials: ['welcome', 'bass'] });
        expect(await findUserByEmail(sql, 'bob@example.com')).toMatchObject({ id: 2, lastSignedInAt: null, unsubscribedAnnouncements: false });
        expect(await findUser(sql, 3)).toBeNull();
      });
    });
  });

  describe(`privacy-requests and mailing-list read models (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    it('given requests and subscriptions in several batches, then one row each', async () => {
      const { sql, store } = database();
      minute = 0;
      await store.append('user-1', [event('UserRegistered', { userId: 1, email: 'ada@example.com' }, 1)], { expectedVersion: 'no_stream' });
      await store.append('privacy-request-x', [
        event('PrivacyRequestSubmitted', { privacyRequestId: randomUUID(), email: 'c@example.com', requestType: 'optout', description: 'Do not sell my data.' }, null),
      ], { expectedVersion: 'no_stream' });
      await store.append('privacy-request-y', [
        event('PrivacyRequestSubmitted', { privacyRequestId: randomUUID(), email: 'ada@example.com', requestType: 'access', description: 'What do you hold on me?' }, 1),
      ], { expectedVersion: 'no_stream' });
      const last = await store.append('mailing-list-d@example.com', [event('MailingListSubscribed', { email: 'd@example.com' }, null)], {
        expectedVersion: 'no_stream',
      });

      // A page of 1 folds the events over several batches, so the projections write once per event.
      const projections = await startProjectionHost({ sql, store, projections: [privacyRequests, mailingList], pageSize: 1, pollMs: 50, waitPollMs: 20 });
      try {
        for (const name of ['privacy-requests', 'mailing-list']) {
          await projections.waitForPosition(name, last.position, { timeoutMs: 20_000 });
        }
        expect(await latestPrivacyRequests(sql, 10)).toMatchObject([
          { email: 'ada@example.com', requestType: 'access', userId: 1 },
          { email: 'c@example.com', requestType: 'optout', userId: null },
        ]);
        expect(await countMailingListSubscribers(sql)).toBe(1);
        expect(await mailingListSubscribedAt(sql, 'd@example.com')).toEqual(new Date('2025-10-16T09:04:00.000Z'));
      } finally {
        await projections.stop();
      }
    });
  });
}
