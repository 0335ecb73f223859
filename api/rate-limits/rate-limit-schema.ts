import { ensureSchemaOnce } from '../storage/ensure-schema-once';

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

/** Create the rate-limit table if missing: once per client, safe from several processes at once. */
export const ensureRateLimitSchema = ensureSchemaOnce('rate-limit-schema', rateLimitSchema);
