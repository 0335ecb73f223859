import { describe, expect, it } from 'vitest';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { adminUsage } from './admin-usage-projection';
import { adminUsageJson, recentSongsOf } from './admin-usage-queries';

const at = (iso: string) => ({ occurredAt: iso });
const streamed = (userId: number, bytesSent: number, occurredAt: string, songId = 1): GivenEvent => ({
  type: 'StemStreamed',
  data: { userId, songId, filename: 'bass.mp3', bytesSent, range: null, aborted: false },
  metadata: at(occurredAt),
});
const signedIn = (userId: number, occurredAt: string): GivenEvent => ({ type: 'UserSignedIn', data: { userId, method: 'code' }, metadata: at(occurredAt) });
const played = (userId: number, songId: number, occurredAt: string): GivenEvent => ({ type: 'SongPlayed', data: { userId, songId }, metadata: at(occurredAt) });

for (const client of availableSqlClients()) {
  describe(`admin-usage read model (${client.name})`, () => {
    const spec = projectionSpec(adminUsage, client);

    it('given activity, then rings of bytes per hour and bytes and sessions per day: a pause over 30 minutes starts a session, a late older event does not', async () => {
      const hour = (iso: string) => Date.parse(iso) / 3_600_000;
      const day = (iso: string) => Date.parse(iso) / 86_400_000;
      await spec
        .given([
          signedIn(1, '2025-10-16T08:05:00.000Z'),
          streamed(1, 100, '2025-10-16T08:20:00.000Z'),
          // 30 minutes exactly after the last activity: the same session.
          streamed(1, 50, '2025-10-16T08:50:00.000Z'),
          // 30 minutes and a millisecond: a new session.
          played(1, 2, '2025-10-16T09:20:00.001Z'),
          // Settled late, earlier than the latest activity: no session.
          streamed(1, 7, '2025-10-16T08:10:00.000Z', 3),
          // A day earlier, in the same hour slot as 08:00 today: today's hour replaces it, its day stays
          // (with no session: it comes after later activity in the log).
          streamed(1, 1_000, '2025-10-15T08:30:00.000Z'),
          // 24 hours after 08:xx today: replaces that hour slot again, whatever the order.
          streamed(1, 9, '2025-10-17T08:00:00.000Z'),
        ])
        .thenRead(async (sql) => {
          const { rows } = await sql.query<Record<string, unknown>>('SELECT hour_slots, hour_bytes, day_slots, day_bytes, day_sessions FROM admin_usage_users WHERE user_id = 1');
          const row = rows[0]!;
          const hours = (row.hour_slots as number[]).map((slot, index) => [slot, Number((row.hour_bytes as string[])[index])]).filter(([slot]) => slot !== -1);
          expect(hours).toEqual(
            expect.arrayContaining([
              [hour('2025-10-17T08:00:00.000Z'), 9],
              [hour('2025-10-16T09:00:00.000Z'), 0],
            ]),
          );
          expect(hours).toHaveLength(2);
          const days = (row.day_slots as number[]).map((slot, index) => [slot, Number((row.day_bytes as string[])[index]), (row.day_sessions as number[])[index]]).filter(([slot]) => slot !== -1);
          expect(days).toEqual(
            expect.arrayContaining([
              [day('2025-10-15T00:00:00.000Z'), 1_000, 0],
              [day('2025-10-16T00:00:00.000Z'), 157, 2],
              [day('2025-10-17T00:00:00.000Z'), 9, 1],
            ]),
          );
          expect(days).toHaveLength(3);
        });
    });

    it('given activity, then totals, the latest activity and the songs played last', async () => {
      await spec
        .given([
          streamed(1, 100, '2025-10-16T08:20:00.000Z', 5),
          played(1, 6, '2025-10-16T08:25:00.000Z'),
          streamed(1, 40, '2025-10-16T08:30:00.000Z', 5),
          signedIn(1, '2025-10-16T11:00:00.000Z'),
          streamed(1, 1, '2025-10-16T07:00:00.000Z', 7),
        ])
        .thenRead(async (sql) => {
          const { rows } = await sql.query('SELECT user_id, bytes_streamed, streams, last_active_at FROM admin_usage_users');
          expect(rows).toEqual([{ user_id: 1, bytes_streamed: '141', streams: '3', last_active_at: new Date('2025-10-16T11:00:00.000Z') }]);
        });
      await spec
        .given([streamed(1, 100, '2025-10-16T08:20:00.000Z', 5), played(1, 6, '2025-10-16T08:25:00.000Z'), streamed(1, 40, '2025-10-16T08:30:00.000Z', 5), streamed(1, 1, '2025-10-16T07:00:00.000Z', 7), played(1, 8, '2025-10-16T06:00:00.000Z')])
        .thenRead(async (sql) => {
          // The songs view comes from the songs read model; here a stand-in knows one title.
          await sql.exec(`CREATE TEMP TABLE songs (song_id integer, title text); INSERT INTO songs VALUES (6, 'Blue in Green');`);
          try {
            expect((await recentSongsOf(sql, 1, 3)).map((song) => [song.songId, song.songTitle])).toEqual([
              [5, 'Song 5'],
              [6, 'Blue in Green'],
              [7, 'Song 7'],
            ]);
            expect(await recentSongsOf(sql, 2, 3)).toEqual([]);
          } finally {
            await sql.exec('DROP TABLE pg_temp.songs;');
          }
        });
    });

    it('sums the windows at query time: the current clock hour and the 23 before it, the current UTC day and the 6 before it', async () => {
      const events = [
        streamed(1, 1, '2025-10-16T09:59:00.000Z'),
        streamed(1, 10, '2025-10-15T10:00:00.000Z'),
        streamed(1, 100, '2025-10-15T09:59:59.999Z'),
        streamed(1, 1_000, '2025-10-10T00:00:00.000Z'),
        streamed(1, 10_000, '2025-10-09T23:59:59.999Z'),
        signedIn(2, '2025-10-01T10:00:00.000Z'),
      ];
      await spec.given(events).thenRead(async (sql) => {
        // The users and subscriptions views come from their read models; here stand-ins hold what the query reads.
        await sql.exec(`CREATE TEMP TABLE users (user_id integer, email text); INSERT INTO users VALUES (1, 'u1@example.com'), (2, 'u2@example.com'), (3, 'u3@example.com');
          CREATE TEMP TABLE subscriptions (user_id integer, status text, current_period_end timestamptz); INSERT INTO subscriptions VALUES (2, 'active', '2025-11-01T00:00:00Z'), (3, 'ended', '2025-11-01T00:00:00Z');`);
        try {
          const rows: unknown = JSON.parse(await adminUsageJson(sql, new Date('2025-10-16T09:30:00.000Z')));
          expect(rows).toEqual([
            { id: 1, email: 'u1@example.com', isPro: false, lastActive: '2025-10-16T09:59:00.000Z', usage24h: 11, usage7d: 1_111, sessions7d: 1, totalBytesStreamed: 11_111 },
            { id: 2, email: 'u2@example.com', isPro: true, lastActive: '2025-10-01T10:00:00.000Z', usage24h: 0, usage7d: 0, sessions7d: 0, totalBytesStreamed: 0 },
            { id: 3, email: 'u3@example.com', isPro: false, lastActive: null, usage24h: 0, usage7d: 0, sessions7d: 0, totalBytesStreamed: 0 },
          ]);
        } finally {
          await sql.exec('DROP TABLE pg_temp.users; DROP TABLE pg_temp.subscriptions;');
        }
      });
    });
  });
}
