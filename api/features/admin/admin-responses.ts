import type { AdminUsageRowJson } from '../../../projections/admin-usage/admin-usage-queries';

/*
 * The answers of the admin API (spec 001 sections 3 and 7), for the admin screens to match.
 * Instants are ISO 8601 strings (UTC); byte counts are whole numbers.
 */

/** GET /api/admin/stats */
export interface AdminStatsResponse {
  totalUsers: number;
  /** Subscriptions whose paid period runs now. */
  activeSubscriptions: number;
  /** MRR in US dollars (cents precision): monthly plans at $15, yearly at $160 / 12. */
  monthlyRevenue: number;
  /** Percent (unrounded): subscriptions active 30 days ago that have no access now, over those active 30 days ago. */
  churnRate: number;
}

/** GET /api/admin/users: every account, by id. */
export interface AdminUserResponse {
  id: number;
  email: string;
  /** 'active', 'canceled', 'past_due'; null without any subscription (shown 'Free'). */
  subscriptionStatus: 'active' | 'canceled' | 'past_due' | null;
  /** When access ends or renews (or ended); null without a subscription. */
  subscriptionEndsAt: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

/**
 * GET /api/admin/usage: one row per account, most streamed first (the screen sorts again): `id`,
 * `email`, `isPro`, `lastActive` (ISO or null: never active), `usage24h` (bytes in the current
 * clock hour and the 23 before it), `usage7d` (bytes in the current UTC day and the 6 before it),
 * `sessions7d` (sessions started in those 7 days; a session ends after 30 minutes without
 * activity), `totalBytesStreamed`. The database builds this JSON, so its row type lives with the query.
 */
export type AdminUsageRowResponse = AdminUsageRowJson;

/** GET /api/admin/user/{id}/last-songs: up to 3, most recent first. */
export interface AdminLastSongResponse {
  songId: number;
  songTitle: string;
}

/** GET and PATCH /api/admin/settings */
export interface AdminSettingsResponse {
  purchasing_enabled: boolean;
}

/** One event of GET /api/admin/users/{id}/events. */
export interface AdminUserEventResponse {
  /** The event's log position; opaque. */
  position: string;
  eventId: string;
  /** The catalogue's event type, e.g. 'StemStreamed', 'CreditsAdjusted'. */
  type: string;
  occurredAt: string;
  /** Who caused it: the user, an administrator (credit adjustments) or null (the system). */
  actorUserId: number | null;
  /** The event's data in its current schema (e.g. `{ userId, credits, reason }`). */
  data: Record<string, unknown>;
}

/**
 * GET /api/admin/users/{id}/events?limit=50&type=A,B&before=<cursor>: newest first. `nextCursor`
 * is passed as `before` for the next (older) page; null on the last page.
 */
export interface AdminUserEventsResponse {
  events: AdminUserEventResponse[];
  nextCursor: string | null;
  /** Titles of the songs the page's events name (`data.songId`), keyed by id as text. */
  songTitles: Record<string, string>;
}

/** POST /api/admin/users/{id}/credit-adjustments (201) */
export interface AdminCreditAdjustmentResponse {
  userId: number;
  credits: number;
  reason: string;
  /** The user's pack credits left once the adjustment is applied (never below 0). */
  paidCreditsRemaining: number;
}
