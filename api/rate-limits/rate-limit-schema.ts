import type { MigrationSet } from '../../events/store/postgres/migrations';

/** Fixed-window request counters shared by every API process: one row per bucket and window; `window_start` is indexed for pruning. */
const rateLimitSchema = `
CREATE TABLE IF NOT EXISTS request_rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX IF NOT EXISTS request_rate_limits_by_window ON request_rate_limits (window_start);
`;

/** The rate-limit table's migrations; step 1 is the DDL it was once created with lazily, adopted as is. */
export const rateLimitMigrations: MigrationSet = {
  name: 'rate-limits',
  migrations: [{ version: 1, name: 'request-rate-limits', sql: rateLimitSchema }],
};
