import { type StoredEvent, decodeEvent } from '../../../../events/catalog';
import type { EventStore } from '../../../../events/store/event-store';
import type { AdminStats, AdminUsageRow } from '../../../../contract/admin';

/** The whole log, decoded, in log order (tests only: the app never answers from the log). */
export async function readWholeLog(store: EventStore): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let after = '';
  for (;;) {
    const page = await store.readAll({ after, max: 1_000 });
    events.push(...page.events.map(decodeEvent));
    if (page.events.length === 0 || page.next === after) return events;
    after = page.next;
  }
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const gapMs = 30 * 60_000;

/**
 * The admin figures at `now`, computed straight from the log with plain loops, written apart from
 * the read models' SQL so the two can be compared: per-user sums over events, sessions by walking
 * each user's activities in log order, and each subscription replayed event by event.
 */
export function adminFiguresFromLog(events: readonly StoredEvent[], now: Date): { stats: AdminStats; usage: AdminUsageRow[]; lastSongs: Map<number, number[]> } {
  const nowMs = now.getTime();
  const currentHour = Math.floor(nowMs / hourMs) * hourMs;
  const since24h = currentHour - 23 * hourMs;
  const currentDay = Math.floor(nowMs / dayMs) * dayMs;
  const since7d = currentDay - 6 * dayMs;
  // A window ends with the hour (day) now is in: the rings key the 24 h window by hour, the 7 d one by day.
  const windowEnd = currentHour + hourMs;
  const weekEnd = currentDay + dayMs;
  const emails = new Map<number, string>();
  const users = new Map<number, { total: number; u24: number; u7: number; sessions: number; last: number | undefined; songs: Map<number, number> }>();
  const userOf = (id: number) => {
    let user = users.get(id);
    if (!user) users.set(id, (user = { total: 0, u24: 0, u7: 0, sessions: 0, last: undefined, songs: new Map() }));
    return user;
  };
  const subscriptions = new Map<string, { userId: number; plan: string; periodEnd: number; ended: boolean; firstStart: number; maxEnd: number; endedAt: number | undefined }>();

  for (const event of events) {
    const at = Date.parse(event.metadata.occurredAt);
    const activity = (userId: number) => {
      const user = userOf(userId);
      if (user.last === undefined || at > user.last + gapMs) {
        if (at >= since7d && at < weekEnd) user.sessions++;
      }
      if (user.last === undefined || at > user.last) user.last = at;
      return user;
    };
    const played = (userId: number, songId: number) => {
      const songs = userOf(userId).songs;
      songs.set(songId, Math.max(songs.get(songId) ?? -Infinity, at));
    };
    switch (event.type) {
      case 'UserRegistered':
        emails.set(event.data.userId, event.data.email);
        break;
      case 'UserSignedIn':
        activity(event.data.userId);
        break;
      case 'SongPlayed':
        activity(event.data.userId);
        played(event.data.userId, event.data.songId);
        break;
      case 'StemStreamed': {
        const user = activity(event.data.userId);
        played(event.data.userId, event.data.songId);
        user.total += event.data.bytesSent;
        if (at >= since24h && at < windowEnd) user.u24 += event.data.bytesSent;
        if (at >= since7d && at < weekEnd) user.u7 += event.data.bytesSent;
        break;
      }
      case 'SubscriptionStarted':
      case 'SubscriptionRenewed':
      case 'SubscriptionEnded': {
        const key = `${event.data.provider}:${event.data.providerSubscriptionId}`;
        const sub = subscriptions.get(key) ?? { userId: event.data.userId, plan: '', periodEnd: 0, ended: false, firstStart: Infinity, maxEnd: -Infinity, endedAt: undefined };
        subscriptions.set(key, sub);
        if (event.type === 'SubscriptionEnded') {
          sub.ended = true;
          const endedAt = Date.parse(event.data.endedAt);
          sub.endedAt = sub.endedAt === undefined ? endedAt : Math.min(sub.endedAt, endedAt);
        } else {
          sub.plan = event.data.plan;
          sub.periodEnd = Date.parse(event.data.currentPeriodEnd);
          sub.firstStart = Math.min(sub.firstStart, Date.parse(event.data.currentPeriodStart));
          sub.maxEnd = Math.max(sub.maxEnd, sub.periodEnd);
        }
        break;
      }
      default:
        break;
    }
  }

  const active = [...subscriptions.values()].filter((sub) => !sub.ended && sub.periodEnd > nowMs);
  const windowStart = nowMs - 30 * 24 * hourMs;
  const hadAccess = (sub: { firstStart: number; maxEnd: number; endedAt: number | undefined }, t: number) => sub.firstStart <= t && sub.maxEnd > t && (sub.endedAt === undefined || sub.endedAt > t);
  const atStart = [...subscriptions.values()].filter((sub) => hadAccess(sub, windowStart));
  const churned = atStart.filter((sub) => !hadAccess(sub, nowMs));
  const dollars = active.reduce((sum, sub) => sum + (sub.plan === 'monthly' ? 15 : 160 / 12), 0);
  const stats: AdminStats = {
    totalUsers: emails.size,
    activeSubscriptions: active.length,
    monthlyRevenue: Math.round(dollars * 100) / 100,
    churnRate: atStart.length === 0 ? 0 : (churned.length / atStart.length) * 100,
  };
  const proUsers = new Set(active.map((sub) => sub.userId));
  const usage = [...emails]
    .map(([id, email]): AdminUsageRow => {
      const user = users.get(id);
      return {
        id,
        email,
        isPro: proUsers.has(id),
        lastActive: user?.last === undefined ? null : new Date(user.last).toISOString(),
        usage24h: user?.u24 ?? 0,
        usage7d: user?.u7 ?? 0,
        sessions7d: user?.sessions ?? 0,
        totalBytesStreamed: user?.total ?? 0,
      };
    })
    .sort((a, b) => b.totalBytesStreamed - a.totalBytesStreamed || a.id - b.id);
  const lastSongs = new Map(
    [...users].map(([id, user]) => [
      id,
      [...user.songs]
        .sort((a, b) => b[1] - a[1] || b[0] - a[0])
        .slice(0, 3)
        .map(([songId]) => songId),
    ]),
  );
  return { stats, usage, lastSongs };
}
