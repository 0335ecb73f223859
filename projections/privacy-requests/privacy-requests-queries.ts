import type { PrivacyRequestType } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { privacyRequestsTable } from './privacy-requests-tables';

/** One privacy request as submitted. */
export interface PrivacyRequestRecord {
  id: string;
  email: string;
  requestType: PrivacyRequestType;
  description: string;
  /** The signed-in user who sent it, or null for a visitor. */
  userId: number | null;
  submittedAt: Date;
}

interface Row {
  privacy_request_id: string;
  email: string;
  request_type: PrivacyRequestType;
  description: string;
  user_id: number | null;
  submitted_at: Date | string;
}

/** The request with this id, or null. */
export async function findPrivacyRequest(sql: SqlExecutor, id: string): Promise<PrivacyRequestRecord | null> {
  const { rows } = await sql.query<Row>(`SELECT * FROM ${privacyRequestsTable} WHERE privacy_request_id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The newest requests first. */
export async function latestPrivacyRequests(sql: SqlExecutor, limit: number): Promise<PrivacyRequestRecord[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const { rows } = await sql.query<Row>(`SELECT * FROM ${privacyRequestsTable} ORDER BY submitted_at DESC LIMIT $1`, [limit]);
  return rows.map(toRecord);
}

function toRecord(row: Row): PrivacyRequestRecord {
  return {
    id: row.privacy_request_id,
    email: row.email,
    requestType: row.request_type,
    description: row.description,
    userId: row.user_id === null ? null : Number(row.user_id),
    submittedAt: new Date(row.submitted_at),
  };
}
