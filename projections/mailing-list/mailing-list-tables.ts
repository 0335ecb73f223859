import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name. */
export const mailingListTable = 'mailing_list_subscribers';

/** Version 1: one row per newsletter address, with when it first subscribed. */
export const mailingListMigration = oneTableMigration(mailingListTable, `
  email text PRIMARY KEY,
  subscribed_at timestamptz NOT NULL
`);
