import type { GenerationTables } from '../runtime/projection-definition';

/** The read model's one table; queries read the view of this name. */
export const privacyRequestsTable = 'privacy_requests';

/** Version 1: one row per privacy request, for the team that answers them within 45 days. */
export function privacyRequestsMigration(tables: GenerationTables<typeof privacyRequestsTable>): string {
  const table = tables[privacyRequestsTable];
  return `
CREATE TABLE ${table} (
  privacy_request_id uuid PRIMARY KEY,
  email text NOT NULL,
  request_type text NOT NULL,
  description text NOT NULL,
  user_id integer,
  submitted_at timestamptz NOT NULL
);
CREATE INDEX ${table}_by_submitted_at ON ${table} (submitted_at DESC);
`;
}
