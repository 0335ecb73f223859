import { randomUUID } from 'node:crypto';
import { type DecidedEvent, newEvent } from '../../../../events/catalog';
import type { AppendResult, EventStore, EventToAppend } from '../../../../events/store/event-store';
import { seededRandom } from '../../../../events/testing/seeded-random';

const hour = 3_600_000;
const day = 24 * hour;

interface Timed {
  stream: string;
  at: number;
  event: DecidedEvent;
}

function toAppend(item: Timed, actor: number | null): EventToAppend {
  const eventId = randomUUID();
  const metadata = { eventId, occurredAt: new Date(item.at).toISOString(), userId: actor, requestId: 'seed', causationId: 'seed', correlationId: 'seed' };
  return newEvent<DecidedEvent['type']>(item.event.type, item.event.data, metadata);
}

/**
 * A log of `users` accounts (ids from `firstUserId`) around `now`: sign-ins, songs loaded and stem
 * responses over 60 days (a few out of order), and subscriptions of every kind the churn and MRR
 * figures distinguish. Returns the last append.
 */
export async function seedAdminLog(store: EventStore, now: Date, options: { users: number; firstUserId: number; seed: number }): Promise<AppendResult> {
  const random = seededRandom(options.seed);
  const pick = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  const end = now.getTime();
  let last: AppendResult | undefined;
  for (let index = 0; index < options.users; index++) {
    const userId = options.firstUserId + index;
    const registeredAt = end - pick(61, 120) * day;
    const items: Timed[] = [{ stream: `user-${userId}`, at: registeredAt, event: { type: 'UserRegistered', data: { userId, email: `seeded-${userId}@example.com` } } }];
    // Every third user never comes back after registering.
    if (index % 3 !== 2) {
      const activities = pick(5, 40);
      for (let activity = 0; activity < activities; activity++) {
        const recent = random() < 0.6;
        const at = end - (recent ? pick(0, 7 * 24 * 60) : pick(7 * 24 * 60, 60 * 24 * 60)) * 60_000 - pick(0, 59_999);
        const kind = random();
        const songId = pick(1, 6);
        if (kind < 0.15) items.push({ stream: `user-${userId}`, at, event: { type: 'UserSignedIn', data: { userId, method: 'code' } } });
        else if (kind < 0.3) items.push({ stream: `library-user-${userId}`, at, event: { type: 'SongPlayed', data: { userId, songId } } });
        else {
          // A song's stems settle one after the other within a few seconds.
          for (let stem = 0; stem < pick(1, 4); stem++) {
            items.push({
              stream: `metering-user-${userId}`,
              at: at + stem * pick(0, 5_000),
              event: {
                type: 'StemStreamed',
                data: { userId, songId, filename: `stem-${stem}.mp3`, bytesSent: pick(0, 30_000_000), range: null, aborted: random() < 0.1 },
              },
            });
          }
        }
      }
    }
    items.push(...subscriptionEvents(userId, index, end, pick));
    // Log order is time order except for neighbours swapped now and then (late settling).
    items.sort((a, b) => a.at - b.at);
    items.unshift(...items.splice(items.findIndex((item) => item.event.type === 'UserRegistered'), 1));
    // The registration stays first, as the sign-in that creates an account records it first.
    for (let i = 2; i < items.length; i++) {
      if (random() < 0.1) [items[i - 1], items[i]] = [items[i]!, items[i - 1]!];
    }
    // Consecutive events of one stream go in one append (fewer transactions, same log order).
    for (let from = 0; from < items.length; ) {
      let to = from + 1;
      while (to < items.length && items[to]!.stream === items[from]!.stream) to++;
      const run = items.slice(from, to).map((item) => toAppend(item, item.event.type.startsWith('Subscription') ? null : userId));
      last = await store.append(items[from]!.stream, run, { expectedVersion: 'any' });
      from = to;
    }
  }
  if (!last) throw new RangeError('No users to seed');
  return last;
}

/** One of several subscription histories, by the user's index. */
function subscriptionEvents(userId: number, index: number, end: number, pick: (from: number, to: number) => number): Timed[] {
  const id = `sub_seed_${userId}`;
  const stream = `subscription-${id}`;
  const ref = { userId, provider: 'test-checkout' as const, providerSubscriptionId: id };
  const period = (plan: 'monthly' | 'yearly', start: number) => ({ plan, currentPeriodStart: new Date(start).toISOString(), currentPeriodEnd: new Date(start + (plan === 'monthly' ? 30 : 365) * day).toISOString() });
  const started = (plan: 'monthly' | 'yearly', start: number): Timed => ({ stream, at: start, event: { type: 'SubscriptionStarted', data: { ...ref, ...period(plan, start) } } });
  const renewed = (plan: 'monthly' | 'yearly', start: number): Timed => ({ stream, at: start, event: { type: 'SubscriptionRenewed', data: { ...ref, ...period(plan, start) } } });
  const ended = (at: number): Timed => ({ stream, at, event: { type: 'SubscriptionEnded', data: { ...ref, endedAt: new Date(at).toISOString(), reason: 'canceled' } } });
  switch (index % 8) {
    case 0: {
      // Monthly since before the window, renewed inside it: still active.
      const start = end - pick(35, 50) * day;
      return [started('monthly', start), renewed('monthly', start + 30 * day)];
    }
    case 1:
      // Yearly since long before the window.
      return [started('yearly', end - pick(60, 300) * day)];
    case 2: {
      // Active at the window's start, ended inside it.
      const start = end - pick(40, 55) * day;
      return [started('monthly', start), ended(end - pick(1, 9) * day)];
    }
    case 3:
      // Started inside the window: counts for MRR, not for churn.
      return [started('monthly', end - pick(2, 20) * day)];
    case 4:
      // Lapsed: its period ran out inside the window without a renewal or an end event.
      return [started('monthly', end - pick(45, 58) * day)];
    case 5: {
      // Ended before the window began.
      const start = end - pick(90, 110) * day;
      return [started('monthly', start), ended(start + 20 * day)];
    }
    default:
      return [];
  }
}
