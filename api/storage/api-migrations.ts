import { type MigrationSet, runMigrations } from '../../events/store/postgres/migrations';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { emailOutboxMigrations } from '../adapters/email/email-outbox-schema';
import { creditReservationMigrations } from '../credits/credit-reservations-schema';
import { signInMigrations } from '../features/auth/auth-schema';
import { campaignMigrations } from '../features/campaigns/campaign-schema';
import { testCheckoutMigrations } from '../features/payments/test-checkout-schema';
import { songFolderMigrations } from '../features/songs/song-folder-registry';
import { rateLimitMigrations } from '../rate-limits/rate-limit-schema';

/** Every set of ordinary tables the API owns; a feature that adds tables adds its set here. */
export const apiMigrations: readonly MigrationSet[] = [signInMigrations, rateLimitMigrations, emailOutboxMigrations, songFolderMigrations, creditReservationMigrations, testCheckoutMigrations, campaignMigrations];

/** Bring the API's tables up to date once, before serving or running jobs; safe from several processes. */
export async function migrateApiTables(sql: SqlClient): Promise<void> {
  await runMigrations(sql, apiMigrations);
}
