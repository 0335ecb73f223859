import { expect, it } from 'vitest';
import type { Position } from '../../../events/store/event-store';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import type { AdminStats, AdminUsageRow, AdminUser, LastSong } from '../../../contract/admin';
import { adminFiguresFromLog, readWholeLog } from './testing/admin-figures-from-log';
import { seedAdminLog } from './testing/seed-admin-log';

const now = new Date('2025-10-16T09:30:00.000Z');
const clock = testClock(now);
const figureReadModels = ['users', 'subscriptions', 'subscription-churn', 'admin-usage'];

async function caughtUp(app: TestApp, position: Position): Promise<void> {
  for (const name of figureReadModels) await app.projections.waitForPosition(name, position, { timeoutMs: 30_000 });
}

describeAppOnEveryDatabase('admin figures', { config: { authSecret: testAuthSecret, adminEmails: ['admin@example.com'] }, clock }, (env) => {
  it('answers stats, users, usage and last songs equal to figures computed from the log, and the same after a rebuild', async () => {
    const { browser: admin } = await signInWithCode(env.app.url, 'admin@example.com');
    const last = await seedAdminLog(env.app.store, now, { users: 16, firstUserId: 1001, seed: 7 });
    await caughtUp(env.app, last.position);

    const expected = adminFiguresFromLog(await readWholeLog(env.app.store), now);
    // The seeded histories cover what the figures must tell apart.
    expect(expected.stats.activeSubscriptions).toBeGreaterThan(3);
    expect(expected.stats.churnRate).toBeGreaterThan(0);
    expect(expected.usage.some((row) => row.usage24h > 0 && row.usage7d > row.usage24h && row.totalBytesStreamed > row.usage7d)).toBe(true);
    expect(expected.usage.some((row) => row.sessions7d > 1)).toBe(true);
    expect(expected.usage.some((row) => row.lastActive === null)).toBe(true);

    const read = async () => ({
      stats: (await admin.get<AdminStats>('/api/admin/stats')).body,
      users: (await admin.get<AdminUser[]>('/api/admin/users')).body,
      usage: (await admin.get<AdminUsageRow[]>('/api/admin/usage')).body,
    });
    const before = await read();
    expect(before.stats.totalUsers).toBe(expected.stats.totalUsers);
    expect(before.stats.activeSubscriptions).toBe(expected.stats.activeSubscriptions);
    expect(before.stats.monthlyRevenue).toBe(expected.stats.monthlyRevenue);
    expect(before.stats.churnRate).toBeCloseTo(expected.stats.churnRate, 10);
    expect(before.usage).toEqual(expected.usage);

    expect(before.users).toHaveLength(expected.stats.totalUsers);
    expect(before.users[0]).toEqual({
      id: 1,
      email: 'admin@example.com',
      subscriptionStatus: null,
      subscriptionEndsAt: null,
      createdAt: now.toISOString(),
      lastLoginAt: now.toISOString(),
    });
    const statusOf = (id: number) => before.users.find((user) => user.id === id)?.subscriptionStatus;
    // Seeded user 1000 + i has subscription history i % 8 (seed-admin-log.ts).
    expect([statusOf(1001), statusOf(1002), statusOf(1003), statusOf(1004), statusOf(1005), statusOf(1006), statusOf(1007)]).toEqual([
      'active',
      'active',
      'canceled',
      'active',
      'past_due',
      'canceled',
      null,
    ]);

    for (const row of expected.usage.filter((usage) => usage.id > 1000)) {
      const songs = (await admin.get<LastSong[]>(`/api/admin/user/${row.id}/last-songs`)).body;
      const songIds = expected.lastSongs.get(row.id) ?? [];
      expect(songs).toEqual(songIds.map((songId) => ({ songId, songTitle: `Song ${songId}` })));
    }

    for (const name of figureReadModels) expect((await env.app.projections.rebuild(name)).kind).toBe('swapped');
    expect(await read()).toEqual(before);
  }, 240_000);

  it('moves the windows with the clock: three days later the figures are those of the log at that time', async () => {
    const { browser: admin } = await signInWithCode(env.app.url, 'admin@example.com');
    try {
      clock.set(new Date(now.getTime() + 3 * 86_400_000));
      const later = adminFiguresFromLog(await readWholeLog(env.app.store), clock.now());
      const usage = (await admin.get<AdminUsageRow[]>('/api/admin/usage')).body;
      expect(usage).toEqual(later.usage);
      const stats = (await admin.get<AdminStats>('/api/admin/stats')).body;
      expect(stats.activeSubscriptions).toBe(later.stats.activeSubscriptions);
      expect(stats.churnRate).toBeCloseTo(later.stats.churnRate, 10);
    } finally {
      clock.set(now);
    }
  });

  it('answers 404 for the last songs of an unknown user and 400 for an id that is not one', async () => {
    const { browser: admin } = await signInWithCode(env.app.url, 'admin@example.com');
    expect((await admin.get('/api/admin/user/999999/last-songs')).status).toBe(404);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await admin.get(`/api/admin/user/${id}/last-songs`)).status, id).toBe(400);
    }
  });
});
