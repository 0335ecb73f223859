import { describe, expect, it } from 'vitest';
import { type DecidedEvent, type StoredEvent, decodeEvent, newEvent } from '../../events/catalog';
import type { EventStore } from '../../events/store/event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { storePerSuite } from '../../events/store/testing/store-per-suite';
import { startProjections } from '../../projections/registry';
import type { ProjectionsHandle } from '../../projections/runtime/projection-host';
import { findUser } from '../../projections/users/users-queries';
import { AppError } from '../http/app-error';
import { type Command, type CommandDependencies, handleCommand, maxCommandAttempts } from './handle-command';
import { requestEventMetadata } from './request-event-metadata';

type Dismissal = DecidedEvent<'TutorialDismissed'>;

const clock = { now: () => new Date('2025-10-16T09:00:00.000Z') };
const ctx = { state: { requestId: 'test-request' } };
const noProjections = {} as ProjectionsHandle;

/** Dismiss one tutorial on `user-<userId>`, unless it already is. */
function dismiss(userId: number, tutorial: Dismissal['data']['tutorial'], decisions: { count: number } = { count: 0 }): Command<Set<string>, Dismissal> {
  return {
    stream: `user-${userId}`,
    initialState: new Set<string>(),
    evolve: (dismissed, event: StoredEvent) => (event.type === 'TutorialDismissed' ? new Set([...dismissed, event.data.tutorial]) : dismissed),
    decide: (dismissed) => {
      decisions.count++;
      return dismissed.has(tutorial) ? [] : [{ type: 'TutorialDismissed', data: { userId, tutorial } }];
    },
    userId,
  };
}

/** The store, with every stream's first `readers` reads held until all of them have read: a race made certain. */
function racingReads(store: EventStore, readers: number): EventStore {
  let arrived = 0;
  let release!: () => void;
  const allRead = new Promise<void>((resolve) => (release = resolve));
  return Object.assign(Object.create(store) as EventStore, {
    async readStream(...args: Parameters<EventStore['readStream']>) {
      const events = await store.readStream(...args);
      if (arrived < readers) {
        arrived++;
        if (arrived === readers) release();
        await allRead;
      }
      return events;
    },
  });
}

/** The store, with a rival writer that always appends to the stream just before the command does. */
function alwaysOvertaken(store: EventStore, userId: number): EventStore {
  return Object.assign(Object.create(store) as EventStore, {
    async append(...args: Parameters<EventStore['append']>) {
      const rival = newEvent('UserPreferencesChanged', { userId, showChordsPreference: false }, requestEventMetadata(ctx, clock, userId));
      await store.append(args[0], [rival], { expectedVersion: 'any' });
      return store.append(...args);
    },
  });
}

for (const candidate of availableSqlClients()) {
  describe(`handleCommand on ${candidate.name}`, () => {
    const db = storePerSuite(candidate);

    const deps = (over: EventStore = db.store): CommandDependencies => ({ store: over, clock, projections: noProjections });
    const types = async (stream: string) => (await db.store.readStream(stream)).map((event) => event.type);

    it('appends the decided events with request metadata, then changes nothing when asked again', async () => {
      const first = await handleCommand(deps(), ctx, dismiss(1, 'bass'));
      expect(first).toMatchObject({ events: [{ type: 'TutorialDismissed', data: { userId: 1, tutorial: 'bass' } }], attempts: 1 });
      const [stored] = (await db.store.readStream('user-1')).map(decodeEvent);
      expect(stored).toMatchObject({ streamPosition: 0n, metadata: { userId: 1, requestId: 'test-request', occurredAt: clock.now().toISOString() } });
      expect(await handleCommand(deps(), ctx, dismiss(1, 'bass'))).toEqual({ events: [], position: undefined, attempts: 1 });
      expect(await types('user-1')).toEqual(['TutorialDismissed']);
    });

    it('decides again after losing a race: two concurrent equal commands append once', async () => {
      const raced = racingReads(db.store, 2);
      const decisions = { count: 0 };
      const outcomes = await Promise.all([handleCommand(deps(raced), ctx, dismiss(2, 'drums', decisions)), handleCommand(deps(raced), ctx, dismiss(2, 'drums', decisions))]);
      expect(outcomes.map((outcome) => [outcome.events.length, outcome.attempts]).sort()).toEqual([
        [0, 2],
        [1, 1],
      ]);
      expect(decisions.count).toBe(3);
      expect(await types('user-2')).toEqual(['TutorialDismissed']);
    });

    it('lands every one of several concurrent commands on one stream, in revision order, by retrying', async () => {
      const tutorials = ['welcome', 'choice', 'listen', 'karaoke'] as const;
      const raced = racingReads(db.store, tutorials.length);
      const outcomes = await Promise.all(tutorials.map((tutorial) => handleCommand(deps(raced), ctx, dismiss(3, tutorial))));
      expect(outcomes.every((outcome) => outcome.events.length === 1)).toBe(true);
      // All read the empty stream at once: one lands at once, the others land after one or more retries.
      const attempts = outcomes.map((outcome) => outcome.attempts).sort();
      expect(attempts.filter((count) => count === 1)).toHaveLength(1);
      expect(attempts.every((count) => count <= maxCommandAttempts)).toBe(true);
      const stream = (await db.store.readStream('user-3')).map(decodeEvent);
      expect(stream.map((event) => event.streamPosition)).toEqual([0n, 1n, 2n, 3n]);
      expect(new Set(stream.map((event) => (event.type === 'TutorialDismissed' ? event.data.tutorial : '')))).toEqual(new Set(tutorials));
    });

    it(`answers 409 conflict after ${maxCommandAttempts} lost races, without appending its events`, async () => {
      const decisions = { count: 0 };
      const failure = await handleCommand(deps(alwaysOvertaken(db.store, 4)), ctx, dismiss(4, 'guitar', decisions)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ status: 409, code: 'conflict' });
      expect(decisions.count).toBe(maxCommandAttempts);
      expect(await types('user-4')).toEqual(Array(maxCommandAttempts).fill('UserPreferencesChanged'));
    });

    it('passes other append failures through untouched, without retrying', async () => {
      const broken = Object.assign(Object.create(db.store) as EventStore, {
        append: () => Promise.reject(new Error('disk full')),
      });
      const decisions = { count: 0 };
      await expect(handleCommand(deps(broken), ctx, dismiss(5, 'keyboard', decisions))).rejects.toThrow('disk full');
      expect(decisions.count).toBe(1);
    });

    it('waits for the read model when asked, so the next read sees the change', async () => {
      await db.store.append('user-6', [newEvent('UserRegistered', { userId: 6, email: 'six@example.com' }, requestEventMetadata(ctx, clock, 6))], { expectedVersion: 'no_stream' });
      const projections = await startProjections({ sql: db.sql, store: db.store, pollMs: 1_000 });
      try {
        const outcome = await handleCommand({ store: db.store, clock, projections }, ctx, { ...dismiss(6, 'bass'), readModel: 'users' });
        expect(outcome.events).toHaveLength(1);
        expect((await findUser(db.sql, 6))?.dismissedTutorials).toEqual(['bass']);
      } finally {
        await projections.stop();
      }
    });
  });
}
