import { describe, expect, it } from 'vitest';
import { decodeEvent, newEvent } from '../../events/catalog';
import { bytesPerCredit, freeCreditsPerMonth } from '../../projections/credits/credit-rules';
import { creditSnapshotOf } from '../../projections/credits/credits-queries';
import { usageOfUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-queries';
import { meteringStreamId } from '../../api/features/stems/record-stem-streamed';
import type { UsageStats } from '../../contract/usage-stats';
import { cluster, eventually, clusterDatabasePerSuite, proxyLog, signedInUser, songsOf } from './testing/cluster-client';

const concurrentGets = 50;
/** Room left this month, in stems: enough for some of the 50 GETs, never all of them. */
const stemsOfRoom = 7.5;

describe('credits across API processes', () => {
  const database = clusterDatabasePerSuite();

  it('50 concurrent stem GETs of one free user, spread over the processes, never overdraw; ledger, usage and log agree', async () => {
    const { proxyUrl, apis } = cluster();
    const user = await signedInUser(database, 'credits');
    const [song] = await songsOf(proxyUrl, user);
    const stem = song!.stems[0]!;
    const head = await fetch(`${proxyUrl}${stem.filePath}`, { method: 'HEAD', headers: user.headers });
    expect(head.status).toBe(200);
    const stemBytes = Number(head.headers.get('content-length'));
    expect(stemBytes).toBeGreaterThan(0);

    // Earlier usage this month, leaving room for 7.5 of these stems out of the 200 free credits.
    const freeBytes = freeCreditsPerMonth * bytesPerCredit;
    const seededBytes = freeBytes - Math.floor(stemsOfRoom * stemBytes);
    const startedAt = new Date().toISOString();
    const metadata = { eventId: crypto.randomUUID(), occurredAt: startedAt, userId: user.userId, requestId: 'scale-out-seed', causationId: 'scale-out-seed', correlationId: 'scale-out-seed' };
    await database.store.append(
      meteringStreamId(user.userId),
      [newEvent('StemStreamed', { userId: user.userId, songId: song!.id, filename: 'earlier.wav', bytesSent: seededBytes, range: null, aborted: false, startedAt }, metadata)],
      { expectedVersion: 'no_stream' },
    );
    const before = await eventually('the seeded usage in the credits read model', async () => {
      const snapshot = await creditSnapshotOf(database.sql, user.userId, new Date());
      return snapshot.month.bytesStreamed === seededBytes ? snapshot : undefined;
    });
    const admitted = Math.floor(before.bytesLeft / stemBytes);
    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThan(concurrentGets);

    const answers = await Promise.all(
      Array.from({ length: concurrentGets }, async () => {
        const response = await fetch(`${proxyUrl}${stem.filePath}`, { headers: user.headers });
        const body = Buffer.from(await response.arrayBuffer());
        return { status: response.status, bytes: response.status === 200 ? body.length : 0 };
      }),
    );
    const served = answers.filter((answer) => answer.status === 200);
    // Served whole or refused (decision 0055), and exactly as many as the room held: the holds of
    // every process were counted against one balance.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 403)).toEqual([]);
    expect(served.length).toBe(admitted);
    expect(served.every((answer) => answer.bytes === stemBytes)).toBe(true);

    // The proxy spread them over every API process.
    const stemPath = new URL(`${proxyUrl}${stem.filePath}`).pathname;
    const gets = (await proxyLog()).filter((line) => line.request.startsWith(`GET ${stemPath}`));
    const ports = new Set(gets.slice(-concurrentGets).flatMap((line) => line.upstreams.map((address) => address.split(':').at(-1))));
    expect([...ports].sort()).toEqual(apis.map((api) => new URL(api.url).port).sort());

    // The log holds one StemStreamed per served response, and the read models fold exactly them.
    const billed = served.length * stemBytes;
    const streamed = await eventually('a StemStreamed event per served response', async () => {
      const events = (await database.store.readStream(meteringStreamId(user.userId))).map((event) => decodeEvent(event));
      return events.length === served.length + 1 ? events : undefined;
    });
    const logBytes = streamed.reduce((sum, event) => sum + (event.type === 'StemStreamed' ? event.data.bytesSent : 0), 0);
    expect(logBytes).toBe(seededBytes + billed);
    const after = await eventually('the credits and usage read models past the last event', async () => {
      const [snapshot, usage] = await Promise.all([creditSnapshotOf(database.sql, user.userId, new Date()), usageOfUser(database.sql, user.userId)]);
      return snapshot.month.bytesStreamed === logBytes && usage?.bytesStreamed === logBytes ? { snapshot, usage } : undefined;
    });
    expect(after.snapshot.overdrawnCredits).toBe(0);
    expect(after.snapshot.month.creditsUsed).toBeLessThanOrEqual(freeCreditsPerMonth);
    expect(after.usage.streamsCount).toBe(served.length + 1);
    // And what the user is shown, from any process, says the same.
    for (const api of apis) {
      const stats = (await (await fetch(`${api.url}/api/usage/stats`, { headers: user.headers })).json()) as UsageStats;
      expect(stats.totalBytesStreamed).toBe(logBytes);
      expect(stats.totalCredits.used).toBe(after.snapshot.month.creditsUsed);
    }
  });
});
