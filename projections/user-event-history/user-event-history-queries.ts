import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { UserEventType } from './user-event-history-projection';
import { userEventsTable } from './user-event-history-tables';

/** One event of a user's history. */
export interface UserHistoryEvent {
  /** The event's log position: also the cursor to continue after it. */
  position: string;
  eventId: string;
  type: UserEventType;
  occurredAt: Date;
  /** Who caused it (metadata `userId`): the user, an administrator, or null for the system. */
  actorUserId: number | null;
  data: Record<string, unknown>;
}

/** One page of a user's history, newest first. */
export interface UserHistoryPage {
  events: UserHistoryEvent[];
  /** Pass as `before` for the next (older) page; null when this page reaches the oldest event. */
  nextCursor: string | null;
}

export interface UserHistoryQuery {
  /** Only events strictly older (earlier in the log) than this position; absent for the newest page. */
  before?: string;
  /** Only these types; absent or empty for every type. */
  types?: readonly UserEventType[];
  limit: number;
}

interface EventRow {
  position: string;
  event_id: string;
  type: UserEventType;
  occurred_at: Date | string;
  actor_user_id: number | null;
  data: Record<string, unknown>;
}

/** A page of the user's history, newest first, keyset-paged on position: constant cost, no shifts. */
export async function userHistoryPage(sql: SqlExecutor, userId: number, query: UserHistoryQuery): Promise<UserHistoryPage> {
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new RangeError(`limit must be a positive integer, got ${query.limit}`);
  const types = query.types && query.types.length > 0 ? [...query.types] : null;
  const { rows } = await sql.query<EventRow>(
    `SELECT position, event_id, type, occurred_at, actor_user_id, data FROM ${userEventsTable}
     WHERE user_id = $1 AND ($2::text IS NULL OR position < $2::text COLLATE "C") AND ($3::text[] IS NULL OR type = ANY($3::text[]))
     ORDER BY position DESC
     LIMIT $4`,
    [userId, query.before ?? null, types, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  return {
    events: page.map((row) => ({
      position: row.position,
      eventId: row.event_id,
      type: row.type,
      occurredAt: new Date(row.occurred_at),
      actorUserId: row.actor_user_id,
      data: row.data,
    })),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.position ?? null) : null,
  };
}
