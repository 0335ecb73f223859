import { oneTableMigration } from '../table-ddl';

/** Every event about a user (its data names the user), for the admin audit. */
export const userEventsTable = 'user_events';

/** Version 1. `position` (in the "C" collation) is the page cursor; `actor_user_id` who caused the event. */
export const userEventsMigration = oneTableMigration(userEventsTable, `
  user_id integer NOT NULL,
  position text COLLATE "C" NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  actor_user_id integer,
  data jsonb NOT NULL,
  PRIMARY KEY (user_id, position)
`, { by_type: 'user_id, type, position' });
