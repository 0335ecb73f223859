import { api } from '../../lib/api/api';
import { purchasingSettingApi } from '../../lib/api/purchasing-setting-api';
import { announcePurchasingSettingChanged } from '../../lib/api/purchasing-setting-freshness';
import type { AuditEvent } from './audit-event-summary';
import type { CreditAdjustment } from './credit-adjustment-form';
import type { AdminUsageRow } from './usage-sort';

export type { AdminUsageRow } from './usage-sort';

/** GET /api/admin/stats (spec 001, section 3). `churnRate` is a percentage (docs/ defines it). */
export interface AdminStats {
  totalUsers: number;
  activeSubscriptions: number;
  /** MRR in dollars: monthly plans at $15, yearly at $160/12. */
  monthlyRevenue: number;
  churnRate: number;
}

/** GET /api/admin/users, one user (spec 001, section 3). Times are ISO 8601. */
export interface AdminUser {
  id: number;
  email: string;
  subscriptionStatus: string | null;
  subscriptionEndsAt: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

/** GET /api/admin/user/{id}/last-songs, one entry (spec 001, section 3). */
export interface LastSongEntry {
  songId: number;
  songTitle: string;
}

/** GET/PATCH /api/admin/settings (spec 001, section 3: treated as true when not loaded). */
export interface AdminSettings {
  purchasing_enabled: boolean;
}

/** GET /api/admin/users/{id}/events: one page, newest first; `nextCursor` asks for the older page. */
export interface AuditEventsPage {
  events: AuditEvent[];
  nextCursor: string | null;
  /** Titles of the songs the page's events name, by id as text. */
  songTitles: Record<string, string>;
}

/** The audit page's query: a user, maybe one type, and the page (the previous page's `nextCursor`). */
export interface AuditEventsArgs {
  userId: number;
  type: string | null;
  before: string | null;
}

/** POST /api/admin/users/{id}/credit-adjustments answers with what was recorded. */
export interface CreditAdjustmentRecorded extends CreditAdjustment {
  userId: number;
  /** The user's purchased credits left once the adjustment applied (never below 0). */
  paidCreditsRemaining: number;
}

/** Events per audit page. */
export const AUDIT_PAGE_SIZE = 50;

// Admin reads are refetched only when an admin action here changes them (spec 001, section 7:
// no refetch on focus or interval, never stale).
const adminApiWithTags = api.enhanceEndpoints({ addTagTypes: ['AdminSettings', 'AdminUsers', 'AdminUsage', 'AdminStats', 'AdminUserEvents'] });

/**
 * The admin screens' calls (spec 001, section 7). Every one is refused by the server to
 * non-admins (403); the screens are also only drawn for admins (see admin-gate.tsx).
 */
export const adminApi = adminApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<AdminStats, void>({
      query: () => '/api/admin/stats',
      providesTags: ['AdminStats'],
    }),
    adminUsers: build.query<AdminUser[], void>({
      query: () => '/api/admin/users',
      providesTags: ['AdminUsers'],
    }),
    adminUsage: build.query<AdminUsageRow[], void>({
      query: () => '/api/admin/usage',
      providesTags: ['AdminUsage'],
    }),
    adminLastSongs: build.query<LastSongEntry[], number>({
      query: (userId) => `/api/admin/user/${userId}/last-songs`,
    }),
    adminUserEvents: build.query<AuditEventsPage, AuditEventsArgs>({
      query: ({ userId, type, before }) => {
        const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
        if (type) params.set('type', type);
        if (before) params.set('before', before);
        return `/api/admin/users/${userId}/events?${params.toString()}`;
      },
      providesTags: (_result, _error, { userId }) => [{ type: 'AdminUserEvents', id: userId }],
    }),
    /**
     * Records a CreditsAdjusted for the user. The answer comes once the read models have it, so
     * the user's history and the usage figures are read again.
     */
    adjustCredits: build.mutation<CreditAdjustmentRecorded, CreditAdjustment & { userId: number }>({
      query: ({ userId, credits, reason }) => ({ url: `/api/admin/users/${userId}/credit-adjustments`, method: 'POST', body: { credits, reason } }),
      invalidatesTags: (_result, error, { userId }) => (error ? [] : [{ type: 'AdminUserEvents', id: userId }, 'AdminUsage', 'UsageStats']),
    }),
    adminSettings: build.query<AdminSettings, void>({
      query: () => '/api/admin/settings',
      providesTags: ['AdminSettings'],
    }),
    /**
     * Optimistic (spec 001, 4: the switch takes effect at once): the admin settings and the
     * app-wide purchasing setting flip before the server answers, and flip back if it refuses.
     */
    updateAdminSettings: build.mutation<AdminSettings, AdminSettings>({
      query: (body) => ({ url: '/api/admin/settings', method: 'PATCH', body }),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        // Only entries already loaded are patched; one not loaded yet reads the new value anyway.
        const showPurchasing = (enabled: boolean) => [
          dispatch(adminApi.util.updateQueryData('adminSettings', undefined, (draft) => Object.assign(draft, { purchasing_enabled: enabled }))),
          dispatch(
            purchasingSettingApi.util.updateQueryData('purchasingSetting', undefined, (draft) => {
              if (typeof draft === 'object' && draft !== null) draft.purchasing_enabled = enabled;
            }),
          ),
        ];
        const patches = showPurchasing(change.purchasing_enabled);
        let answer: unknown;
        try {
          ({ data: answer } = await queryFulfilled);
        } catch {
          for (const patch of patches) patch.undo();
          return;
        }
        // The server's answer is the truth, should it differ from what was asked.
        const saved = (answer as Partial<AdminSettings> | null)?.purchasing_enabled;
        if (typeof saved === 'boolean' && saved !== change.purchasing_enabled) showPurchasing(saved);
        // This browser's other open tabs read the switch again and show or hide their offers.
        announcePurchasingSettingChanged();
      },
    }),
  }),
});

export const {
  useAdminStatsQuery,
  useAdminUsersQuery,
  useAdminUsageQuery,
  useAdminLastSongsQuery,
  useAdminUserEventsQuery,
  useAdjustCreditsMutation,
  useAdminSettingsQuery,
  useUpdateAdminSettingsMutation,
} = adminApi;
