import type { Feature } from './feature';
import { accountFeature } from './features/account/account-feature';
import { adminAccessFeature } from './features/admin-access/admin-access-feature';
import { adminFeature } from './features/admin/admin-feature';
import { authFeature } from './features/auth/auth-feature';
import { campaignsFeature } from './features/campaigns/campaigns-feature';
import { devMailboxFeature } from './features/dev-mailbox/dev-mailbox-feature';
import { emailPreferencesFeature } from './features/email-preferences/email-preferences-feature';
import { mailingListFeature } from './features/mailing-list/mailing-list-feature';
import { practiceFeature } from './features/practice/practice-feature';
import { presetsFeature } from './features/presets/presets-feature';
import { paymentsFeature } from './features/payments/payments-feature';
import { privacyRequestsFeature } from './features/privacy-requests/privacy-requests-feature';
import { sesNotificationsFeature } from './features/ses-notifications/ses-notifications-feature';
import { songsFeature } from './features/songs/songs-feature';
import { stemsFeature } from './features/stems/stems-feature';
import { subscriptionFeature } from './features/subscription/subscription-feature';
import { usageFeature } from './features/usage/usage-feature';
import { syncFeature } from './features/sync/sync-feature';
import { healthFeature } from './health/health-feature';

/** Every feature, in mounting order (features never import each other): `auth` first, `adminAccess` before any /api/admin routes. */
export const features: readonly Feature[] = [
  healthFeature,
  authFeature,
  adminAccessFeature,
  accountFeature,
  emailPreferencesFeature,
  privacyRequestsFeature,
  mailingListFeature,
  songsFeature,
  presetsFeature,
  practiceFeature,
  stemsFeature,
  subscriptionFeature,
  usageFeature,
  syncFeature,
  paymentsFeature,
  adminFeature,
  campaignsFeature,
  sesNotificationsFeature,
  devMailboxFeature,
];
