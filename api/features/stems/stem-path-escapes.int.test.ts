import { mkdtempSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import { fixtureSongLibraryForAll } from './testing/fixture-song-library';
import { meteredStreams, rawRequest, sessionHeader, stemPath, waitForMeteredStreams } from './testing/stem-requests';

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-songs-'));

describeAppOnEveryDatabase('stem stream path escapes', { config: { authSecret: testAuthSecret, songsDir } }, (env) => {
  const library = fixtureSongLibraryForAll(env, { largeBytes: 1 << 16 });

  it('answers 404 in JSON to every name that is not exactly a stem of the song, and meters none', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'prober@example.com');
    const headers = sessionHeader(browser);
    const song = library().songId;
    const base = `/api/stems/stream/${song}`;
    const attempts = [
      // Dot segments, plain and escaped, through separators plain, escaped and back.
      `${base}/../../../etc/passwd`,
      `${base}/../${library().songId}/bass.mp3`,
      `${base}/..`,
      `${base}/.`,
      `${base}/%2e%2e`,
      `${base}/%2E%2E/%2e%2e/secret.m4a`,
      `${base}/%2e%2e%2fsecret.m4a`,
      `${base}/..%2f..%2fsecret.m4a`,
      `${base}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `${base}/..%5c..%5csecret.m4a`,
      `${base}/..\\..\\secret.m4a`,
      `${base}/%252e%252e%252fsecret.m4a`,
      `${base}/..%2fother-song%2fvocals.mp3`,
      `${base}/../other-song/vocals.mp3`,
      // NUL, plain and after a real stem's name.
      `${base}/bass.mp3%00`,
      `${base}/bass.mp3%00.lrc`,
      `${base}/%00`,
      // Absolute paths.
      `${base}/%2fetc%2fpasswd`,
      `${base}//etc/passwd`,
      `${base}/${encodeURIComponent(path.join(library().songsDirectory, 'fixture-song', 'bass.mp3'))}`,
      `${base}/${encodeURIComponent(path.join(library().root, 'secret.m4a'))}`,
      // Files of the folder that are not stems, other songs' stems, and a trailing slash.
      stemPath(song, library().lyricsFilename),
      stemPath(song, 'song.json'),
      stemPath(song, library().otherStemFilename),
      stemPath(library().otherSongId, library().stems.bass.filename),
      `${base}/bass.mp3/`,
      `${base}/BASS.MP3`,
      `${base}/bass.mp3.`,
      `${base}/%20bass.mp3`,
      // A stem catalogued but since deleted, and one that is a symlink out of the songs directory.
      stemPath(song, library().stems.deleted.filename),
      stemPath(song, library().stems.escapingLink.filename),
      // Song ids that are not positive integers written plainly, or name no song.
      stemPath(0, 'bass.mp3'),
      stemPath(-song, 'bass.mp3'),
      stemPath(`0${song}`, 'bass.mp3'),
      stemPath(`${song}.0`, 'bass.mp3'),
      stemPath('1e2', 'bass.mp3'),
      stemPath('abc', 'bass.mp3'),
      stemPath('99999999999999999999', 'bass.mp3'),
      stemPath(999_999, 'bass.mp3'),
      `/api/stems/stream/%20${song}/bass.mp3`,
    ];
    for (const attempt of attempts) {
      for (const method of ['GET', 'HEAD']) {
        const response = await rawRequest(env.app.url, method, attempt, { ...headers, range: 'bytes=0-' });
        expect(response.status, `${method} ${attempt}`).toBe(404);
        if (method === 'GET') expect(JSON.parse(response.body.toString()).error.code, attempt).toBe('not_found');
      }
    }
    const refused = env.app.logLines().filter((line) => line.msg === 'stem refused: it resolves outside the songs directory');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused[0]).toMatchObject({ songId: song, filename: library().stems.escapingLink.filename, realPath: path.join(await realpath(library().root), 'secret.m4a') });

    // The real stem still streams, and it is the only response metered.
    const real = await rawRequest(env.app.url, 'GET', stemPath(song, library().stems.bass.filename), headers);
    expect(real.status).toBe(200);
    await waitForMeteredStreams(env.app.store, user.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await meteredStreams(env.app.store, user.id)).toEqual([
      { userId: user.id, songId: song, filename: library().stems.bass.filename, bytesSent: library().stems.bass.bytes, range: null, aborted: false, startedAt: expect.any(String) },
    ]);
  });
});
