import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { privacyRequestsMigration, privacyRequestsTable } from './privacy-requests-tables';

interface PrivacyRequestRow {
  privacy_request_id: string;
  email: string;
  request_type: string;
  description: string;
  user_id: number | null;
  submitted_at: string;
}

/** Privacy requests to answer (spec 001 section 5): who asked, for what, and when. */
export const privacyRequests = defineProjection({
  name: 'privacy-requests',
  version: 1,
  eventTypes: ['PrivacyRequestSubmitted'],
  tables: [privacyRequestsTable],
  migration: privacyRequestsMigration,

  fold(events, rows: PrivacyRequestRow[] = []) {
    for (const event of events) {
      rows.push({
        privacy_request_id: event.data.privacyRequestId,
        email: event.data.email,
        request_type: event.data.requestType,
        description: event.data.description,
        user_id: event.metadata.userId,
        submitted_at: event.metadata.occurredAt,
      });
    }
    return rows;
  },

  async apply(tx: SqlExecutor, rows: PrivacyRequestRow[], tables) {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables[privacyRequestsTable]} (privacy_request_id, email, request_type, description, user_id, submitted_at)
       SELECT privacy_request_id, email, request_type, description, user_id, submitted_at
       FROM jsonb_to_recordset($1::jsonb) AS r(privacy_request_id uuid, email text, request_type text, description text,
         user_id integer, submitted_at timestamptz)
       ON CONFLICT (privacy_request_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
});
