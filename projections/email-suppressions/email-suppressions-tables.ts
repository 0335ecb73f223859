import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name. */
export const emailSuppressionsTable = 'email_suppressions';

/** Version 1: one row per suppressed address, with why (`bounce` or `complaint`) and since when. */
export const emailSuppressionsMigration = oneTableMigration(emailSuppressionsTable, `
  email text PRIMARY KEY,
  reason text NOT NULL CHECK (reason IN ('bounce', 'complaint')),
  since timestamptz NOT NULL
`);
