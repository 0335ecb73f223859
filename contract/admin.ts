import { z } from 'zod';

// The answers of the admin API (spec 001 sections 3 and 7). Instants are ISO 8601 strings (UTC).

/** GET /api/admin/stats */
export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  /** Subscriptions whose paid period runs now. */
  activeSubscriptions: z.number(),
  /** MRR in US dollars (cents precision): monthly plans at $15, yearly at $160 / 12. */
  monthlyRevenue: z.number(),
  /** Percent (unrounded): subscriptions active 30 days ago that have no access now, over those active 30 days ago. */
  churnRate: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/users: every account, by id. */
export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** null without any subscription (shown 'Free'). */
  subscriptionStatus: z.enum(['active', 'canceled', 'past_due']).nullable(),
  /** When access ends or renews (or ended); null without a subscription. */
  subscriptionEndsAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/usage, one row per account, most streamed first (the screen sorts again). The database builds this JSON. */
export const adminUsageRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** A subscription's paid period runs now. */
  isPro: z.boolean(),
  /** The last sign-in, song loaded or stem response; null for a user never active. */
  lastActive: z.string().nullable(),
  /** Bytes in the current clock hour and the 23 before it. */
  usage24h: z.number(),
  /** Bytes in the current UTC day and the 6 before it. */
  usage7d: z.number(),
  /** Sessions started in those 7 days; a session ends after 30 minutes without activity. */
  sessions7d: z.number(),
  totalBytesStreamed: z.number(),
});
export type AdminUsageRow = z.infer<typeof adminUsageRowSchema>;

/** GET /api/admin/user/{id}/last-songs: up to 3, most recent first. */
export const lastSongSchema = z.object({ songId: z.number(), songTitle: z.string() });
export type LastSong = z.infer<typeof lastSongSchema>;

/** One event of GET /api/admin/users/{id}/events. */
export const auditEventSchema = z.object({
  position: z.string(),
  eventId: z.string(),
  /** The catalogue's event type, e.g. 'StemStreamed', 'CreditsAdjusted'. */
  type: z.string(),
  occurredAt: z.string(),
  /** Who caused it: the user, an administrator (credit adjustments) or null (the system: webhooks, jobs). */
  actorUserId: z.number().nullable(),
  /** The event's data in its current schema (e.g. `{ userId, credits, reason }`). */
  data: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/admin/users/{id}/events?limit=50&type=A,B&before=<cursor>: newest first; `nextCursor` is the next page's `before`. */
export const auditEventsPageSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
  /** Titles of the songs the page's events name (`data.songId`), keyed by id as text. */
  songTitles: z.record(z.string(), z.string()),
});
export type AuditEventsPage = z.infer<typeof auditEventsPageSchema>;

/** POST /api/admin/users/{id}/credit-adjustments (201): what was recorded. */
export const creditAdjustmentRecordedSchema = z.object({
  userId: z.number(),
  credits: z.number(),
  reason: z.string(),
  /** The user's pack credits left once the adjustment is applied (never below 0). */
  paidCreditsRemaining: z.number(),
});
export type CreditAdjustmentRecorded = z.infer<typeof creditAdjustmentRecordedSchema>;
