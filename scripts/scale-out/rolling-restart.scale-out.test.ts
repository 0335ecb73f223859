import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeEvent, newEvent } from '../../events/catalog';
import { creditSnapshotOf } from '../../projections/credits/credits-queries';
import { meteringStreamId } from '../../api/features/stems/record-stem-streamed';
import { type ClusterUser, cluster, control, eventually, clusterDatabasePerSuite, proxyLog, signedInUser, songsOf } from './testing/cluster-client';

const clients = 4;
const packCredits = 100_000;

/** What one client of the load saw. */
interface ClientTally {
  user: ClusterUser;
  /** Body bytes of stem GETs read to their end. */
  bytesReceived: number;
  /** Stem GETs whose body broke off, and what the client had read of them. */
  cut: number;
  writes: number;
  /** Every request the client did not get a 2xx for, as `<method> <status or error>`. */
  failures: string[];
}

describe('a rolling restart under load', () => {
  const database = clusterDatabasePerSuite();

  it('replacing the API processes one at a time loses no request the proxy did not retry, and bills what was served', async () => {
    const { proxyUrl, apis } = cluster();
    const tallies: ClientTally[] = [];
    for (let index = 0; index < clients; index++) {
      const user = await signedInUser(database, `rolling-${index}`);
      const at = new Date().toISOString();
      const metadata = { eventId: randomUUID(), occurredAt: at, userId: user.userId, requestId: 'scale-out-seed', causationId: 'scale-out-seed', correlationId: 'scale-out-seed' };
      const data = { userId: user.userId, credits: packCredits, amountCents: 500, currency: 'usd', paymentReference: `cs_test_${randomUUID()}` };
      await database.store.append(`credits-user-${user.userId}`, [newEvent('CreditsPurchased', data, metadata)], { expectedVersion: 'no_stream' });
      tallies.push({ user, bytesReceived: 0, cut: 0, writes: 0, failures: [] });
    }
    for (const { user } of tallies) {
      await eventually('the purchased credits in the read model', async () => ((await creditSnapshotOf(database.sql, user.userId, new Date())).paidBalance === packCredits ? true : undefined));
    }
    const songs = await songsOf(proxyUrl, tallies[0]!.user);
    const stems = songs.flatMap((song) => song.stems.map((stem) => ({ songId: song.id, path: stem.filePath })));
    const logLinesBefore = (await proxyLog()).length;

    let running = true;
    const load = tallies.map(async (tally, index) => {
      for (let request = index; running; request++) {
        if (request % 5 === 4) {
          // A write that must not be repeated or lost: the proxy may send it to the next process
          // only when the first refused the connection.
          const song = songs[request % songs.length]!;
          const response = await fetch(`${proxyUrl}/api/songs/${song.id}/starred`, {
            method: 'PATCH',
            headers: { ...tally.user.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ starred: request % 2 === 0 }),
          }).catch((error: unknown) => error as Error);
          if (response instanceof Error) tally.failures.push(`PATCH ${response.message}`);
          else {
            await response.body?.cancel();
            if (response.ok) tally.writes += 1;
            else tally.failures.push(`PATCH ${response.status}`);
          }
          continue;
        }
        const stem = stems[request % stems.length]!;
        let read = 0;
        try {
          const response = await fetch(`${proxyUrl}${stem.path}`, { headers: tally.user.headers });
          if (!response.ok || response.body === null) {
            await response.body?.cancel();
            tally.failures.push(`GET ${response.status}`);
            continue;
          }
          const expected = Number(response.headers.get('content-length'));
          for await (const chunk of response.body) read += (chunk as Uint8Array).byteLength;
          if (read !== expected) throw new Error(`body ended at ${read} of ${expected} bytes`);
          tally.bytesReceived += read;
        } catch (error) {
          tally.failures.push(`GET ${(error as Error).message}`);
          if (read > 0) {
            tally.cut += 1;
            tally.bytesReceived += read;
          }
        }
      }
    });

    // One process at a time: SIGTERM (it stops taking connections and settles what is in flight),
    // then a new one on its port, healthy before the next is stopped (docs/operations.md).
    for (const api of apis) await control('restart', api.name);
    running = false;
    await Promise.all(load);

    const lines = (await proxyLog()).slice(logLinesBefore);
    const retried = lines.filter((line) => line.upstreams.length > 1);
    const served = lines.filter((line) => line.status < 400).length;
    console.log(`rolling restart of ${apis.length} processes: ${lines.length} requests through the proxy, ${served} answered, ${retried.length} sent on to a second process by nginx`);
    expect(tallies.flatMap((tally) => tally.failures)).toEqual([]);
    expect(tallies.every((tally) => tally.writes > 0 && tally.bytesReceived > 0)).toBe(true);

    // Billed: every served byte, and nothing served twice (a retried GET was billed by the process that answered it).
    for (const tally of tallies) {
      const billed = await eventually('the metered responses in the log', async () => {
        const events = (await database.store.readStream(meteringStreamId(tally.user.userId))).map((event) => decodeEvent(event));
        const bytes = events.reduce((sum, event) => sum + (event.type === 'StemStreamed' ? event.data.bytesSent : 0), 0);
        return bytes >= tally.bytesReceived ? bytes : undefined;
      });
      expect(billed).toBe(tally.bytesReceived);
    }
  }, 240_000);
});
