import type { MigrationSet } from '../../events/store/postgres/migrations';

/**
 * Fixed-window request counters shared by every API process: one row per bucket (a rule and a
 * key, `privacy-request-per-network:203.0.113.7`) and window. Rows of past windows are dropped by
 * `pruneRateLimitWindows`; the index on `window_start` lets it find them without a full scan.
 */
const rateLimitSchema = `
CREATE TABLE IF NOT EXISTS request_rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX IF NOT EXISTS request_rate_limits_by_window ON request_rate_limits (window_start);
`;

/**
 * The rate-limit table's numbered migrations, run at start-up (api/storage/api-migrations.ts). Step
 * 1 is the DDL the table was created with lazily before numbered migrations, so it is adopted as is.
 */
export const rateLimitMigrations: MigrationSet = {
  name: 'rate-limits',
  migrations: [{ version: 1, name: 'request-rate-limits', sql: rateLimitSchema }],
};
