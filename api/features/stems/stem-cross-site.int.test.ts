import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { UsageStats as UsageStatsResponse } from '../../../contract/usage-stats';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { playerRequestHeader } from './require-player-request';
import { fixtureSongLibraryForAll } from './testing/fixture-song-library';
import { meteredStreams, rawRequest, stemPath, waitForMeteredStreams } from './testing/stem-requests';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));

describeAppOnEveryDatabase('stem stream from another site', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  const library = fixtureSongLibraryForAll(env, { largeBytes: 1 << 20 });

  const bassPath = () => stemPath(library().songId, library().stems.bass.filename);
  const reservations = async (userId: number) =>
    (await env.sql.query<{ n: number }>('SELECT count(*)::integer AS n FROM credit_reservations WHERE user_id = $1', [userId])).rows[0]!.n;

  it('refuses a cross-site navigation carrying the session cookie with a 403, before any byte, and bills nothing', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'lured@example.com');
    const cookie = `woodshed_session=${browser.cookie('woodshed_session')}`;
    const before = (await browser.get<UsageStatsResponse>('/api/usage/stats')).body;

    // A link on another site, followed: SameSite=Lax sends the cookie with it.
    const navigation = { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const refused = [
      await rawRequest(env.app.url, 'GET', bassPath(), navigation),
      await rawRequest(env.app.url, 'GET', bassPath(), { ...navigation, range: 'bytes=0-' }),
      await rawRequest(env.app.url, 'HEAD', bassPath(), navigation),
      // The same from a browser that sends no Sec-Fetch-* headers (nor the player's header).
      await rawRequest(env.app.url, 'GET', bassPath(), { cookie }),
      // A page of another site that managed to add the header still says where it is from.
      await rawRequest(env.app.url, 'GET', bassPath(), { cookie, [playerRequestHeader]: '1', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }),
      await rawRequest(env.app.url, 'GET', bassPath(), { cookie, [playerRequestHeader]: '1', origin: 'https://elsewhere.example' }),
      await rawRequest(env.app.url, 'GET', bassPath(), { cookie, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }),
      // Opened as a page even from our own origin (a typed address, a link): not the player.
      await rawRequest(env.app.url, 'GET', bassPath(), { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }),
      await rawRequest(env.app.url, 'GET', bassPath(), { cookie, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }),
    ];
    expect(refused.map((response) => response.status)).toEqual(Array(refused.length).fill(403));
    for (const response of refused.filter((_, index) => index !== 2)) {
      expect(JSON.parse(response.body.toString('utf8'))).toEqual({
        error: { code: 'cross_site_request', message: 'Stems stream to the Woodshed player only: open the song in the player to hear it.' },
      });
    }
    expect(await meteredStreams(env.app.store, user.id)).toEqual([]);
    expect(await reservations(user.id)).toBe(0);
    expect((await browser.get<UsageStatsResponse>('/api/usage/stats')).body).toEqual(before);
  });

  it("serves the player's requests: same-origin fetches, and the player's header where a browser sends no Sec-Fetch-Site", async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'player@example.com');
    const cookie = `woodshed_session=${browser.cookie('woodshed_session')}`;
    const sameOrigin = { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
    const head = await rawRequest(env.app.url, 'HEAD', bassPath(), sameOrigin);
    expect(head.status).toBe(200);
    const fetched = await rawRequest(env.app.url, 'GET', bassPath(), { ...sameOrigin, [playerRequestHeader]: '1', origin: env.app.url });
    expect(fetched.status).toBe(200);
    expect(fetched.body.equals(library().stems.bass.content!)).toBe(true);
    const older = await rawRequest(env.app.url, 'GET', bassPath(), { cookie, [playerRequestHeader]: '1' });
    expect(older.status).toBe(200);
    const events = await waitForMeteredStreams(env.app.store, user.id, 2);
    expect(events.map((event) => event.bytesSent)).toEqual([library().stems.bass.bytes, library().stems.bass.bytes]);
  });
});
