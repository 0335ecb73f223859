import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { EventStore } from '../../../events/store/event-store';
import { featureRouters } from '../../app';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { meteringStreamId } from './record-stem-streamed';
import { stemsRouter } from './stems-router';
import { fixtureSongLibraryForAll } from './testing/fixture-song-library';
import { meteredStreams, rawRequest, sessionHeader, stemPath, waitForMeteredStreams } from './testing/stem-requests';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));
/** How many of the next metering appends fail, as a database outage would make them. */
let meteringFailuresLeft = 0;
let meteringAppendAttempts = 0;

/** The app's store, with appends to metering streams failing while `meteringFailuresLeft` > 0. */
function storeWithFailingMetering(store: EventStore): EventStore {
  return Object.assign(Object.create(store) as EventStore, {
    append: async (...args: Parameters<EventStore['append']>) => {
      if (args[0].startsWith('metering-user-')) {
        meteringAppendAttempts++;
        if (meteringFailuresLeft > 0) {
          meteringFailuresLeft--;
          throw new Error('connection terminated unexpectedly');
        }
      }
      return store.append(...args);
    },
  });
}

describeAppOnEveryDatabase(
  'stem stream when metering cannot be appended',
  {
    config: { authSecret: testAuthSecret, songsDir },
    // This feature's router over the failing store, mounted before every feature's own (so it answers).
    routers: (deps) => [stemsRouter({ ...deps, store: storeWithFailingMetering(deps.store) }), ...featureRouters(deps)],
  },
  (env) => {
    const library = fixtureSongLibraryForAll(env, { largeBytes: 1 << 16 });

    it('retries a failed append with the same event, so the response is metered once', async () => {
      const { browser, user } = await signInWithCode(env.app.url, 'retried@example.com');
      meteringFailuresLeft = 2;
      meteringAppendAttempts = 0;
      const response = await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.bass.filename), sessionHeader(browser));
      expect(response.status).toBe(200);
      const events = await waitForMeteredStreams(env.app.store, user.id, 1);
      expect(events).toEqual([expect.objectContaining({ bytesSent: library().stems.bass.bytes, aborted: false })]);
      expect(meteringAppendAttempts).toBe(3);
      const retries = env.app.logLines().filter((line) => line.msg === 'StemStreamed append failed; retrying' && line.streamId === meteringStreamId(user.id));
      expect(retries).toHaveLength(2);
    });

    it('logs everything needed to append the event later when every attempt fails, and keeps serving', async () => {
      const { browser, user } = await signInWithCode(env.app.url, 'unmetered@example.com');
      meteringFailuresLeft = 3;
      const response = await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.bass.filename), { ...sessionHeader(browser), range: 'bytes=0-9' });
      expect(response.status).toBe(206);
      expect(response.body.length).toBe(10);

      const deadline = Date.now() + 10_000;
      let failure: Record<string, unknown> | undefined;
      while (!failure && Date.now() < deadline) {
        failure = env.app.logLines().find((line) => line.level === 50 && (line.unmeteredStemStream as { streamId?: string } | undefined)?.streamId === meteringStreamId(user.id));
        if (!failure) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(failure).toMatchObject({
        attempts: 3,
        unmeteredStemStream: {
          streamId: meteringStreamId(user.id),
          event: {
            type: 'StemStreamed',
            schemaVersion: 2,
            data: { userId: user.id, songId: library().songId, filename: library().stems.bass.filename, bytesSent: 10, range: { start: 0, end: 9 }, aborted: false },
            metadata: { userId: user.id },
          },
        },
      });
      expect(await meteredStreams(env.app.store, user.id)).toEqual([]);

      // The process serves and meters on.
      const next = await rawRequest(env.app.url, 'GET', stemPath(library().songId, library().stems.bass.filename), sessionHeader(browser));
      expect(next.status).toBe(200);
      expect(await waitForMeteredStreams(env.app.store, user.id, 1)).toEqual([expect.objectContaining({ bytesSent: library().stems.bass.bytes })]);
    });
  },
);
