import {
  type AdminStats,
  type AdminUsageRow,
  type AdminUser,
  type AuditEventsPage,
  type CreditAdjustmentRecorded,
  type LastSong,
  adminStatsSchema,
  adminUsageRowSchema,
  adminUserSchema,
  auditEventsPageSchema,
  creditAdjustmentRecordedSchema,
  lastSongSchema,
} from '../../../../contract/admin';
import { type PurchasingSetting as AdminSettings, purchasingSettingSchema } from '../../../../contract/purchasing';
import { z } from 'zod';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';
import { purchasingSettingApi } from '../../lib/api/purchasing-setting-api';
import { announcePurchasingSettingChanged } from '../../lib/api/purchasing-setting-freshness';
import type { CreditAdjustment } from './credit-adjustment-form';

/** The audit page's query: a user, maybe one type, and the page (the previous page's `nextCursor`). */
export interface AuditEventsArgs {
  userId: number;
  type: string | null;
  before: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

// Admin reads refetch only when an admin action here changes them (spec 001, 7).
const adminApiWithTags = api.enhanceEndpoints({ addTagTypes: ['AdminSettings', 'AdminUsers', 'AdminUsage', 'AdminStats', 'AdminUserEvents'] });

/** Refused by the server to non-admins (403); the screens are only drawn for admins too. */
export const adminApi = adminApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<AdminStats, void>({
      query: () => '/api/admin/stats',
      responseSchema: answerSchema(adminStatsSchema),
      providesTags: ['AdminStats'],
    }),
    adminUsers: build.query<AdminUser[], void>({
      query: () => '/api/admin/users',
      responseSchema: answerSchema(z.array(adminUserSchema)),
      providesTags: ['AdminUsers'],
    }),
    adminUsage: build.query<AdminUsageRow[], void>({
      query: () => '/api/admin/usage',
      responseSchema: answerSchema(z.array(adminUsageRowSchema)),
      providesTags: ['AdminUsage'],
    }),
    adminLastSongs: build.query<LastSong[], number>({
      query: (userId) => `/api/admin/user/${userId}/last-songs`,
      responseSchema: answerSchema(z.array(lastSongSchema)),
    }),
    adminUserEvents: build.query<AuditEventsPage, AuditEventsArgs>({
      query: ({ userId, type, before }) => {
        const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
        if (type) params.set('type', type);
        if (before) params.set('before', before);
        return `/api/admin/users/${userId}/events?${params.toString()}`;
      },
      responseSchema: answerSchema(auditEventsPageSchema),
      providesTags: (_result, _error, { userId }) => [{ type: 'AdminUserEvents', id: userId }],
    }),
    /** Answers once the read models have it, so the user's history and usage are read again. */
    adjustCredits: build.mutation<CreditAdjustmentRecorded, CreditAdjustment & { userId: number }>({
      query: ({ userId, credits, reason }) => ({ url: `/api/admin/users/${userId}/credit-adjustments`, method: 'POST', body: { credits, reason } }),
      responseSchema: answerSchema(creditAdjustmentRecordedSchema),
      invalidatesTags: (_result, error, { userId }) => (error ? [] : [{ type: 'AdminUserEvents', id: userId }, 'AdminUsage', 'UsageStats']),
    }),
    adminSettings: build.query<AdminSettings, void>({
      query: () => '/api/admin/settings',
      responseSchema: answerSchema(purchasingSettingSchema),
      providesTags: ['AdminSettings'],
    }),
    /** Optimistic (spec 001, 4): the settings flip at once and flip back if the server refuses. */
    updateAdminSettings: build.mutation<AdminSettings, AdminSettings>({
      query: (body) => ({ url: '/api/admin/settings', method: 'PATCH', body }),
      responseSchema: answerSchema(purchasingSettingSchema),
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
