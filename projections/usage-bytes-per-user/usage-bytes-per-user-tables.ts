import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name, never a generation's table. */
export const usageBytesPerUserTable = 'usage_bytes_per_user';

/** Version 1. A change is a new projection version (blue/green rebuild), not an ALTER. */
export const usageBytesPerUserMigration = oneTableMigration(usageBytesPerUserTable, `
  user_id integer PRIMARY KEY,
  bytes_streamed bigint NOT NULL CHECK (bytes_streamed >= 0),
  streams_count bigint NOT NULL CHECK (streams_count >= 0),
  last_streamed_at timestamptz NOT NULL
`, { by_bytes: 'bytes_streamed DESC, user_id' });
