import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name. */
export const privacyRequestsTable = 'privacy_requests';

/** Version 1: one row per privacy request, for the team that answers them within 45 days. */
export const privacyRequestsMigration = oneTableMigration(privacyRequestsTable, `
  privacy_request_id uuid PRIMARY KEY,
  email text NOT NULL,
  request_type text NOT NULL,
  description text NOT NULL,
  user_id integer,
  submitted_at timestamptz NOT NULL
`, { by_submitted_at: 'submitted_at DESC' });
