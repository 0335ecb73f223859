import type { GenerationTables } from '../runtime/projection-definition';

/** The read model's one table; queries read the view of this name. */
export const mailingListTable = 'mailing_list_subscribers';

/** Version 1: one row per newsletter address, with when it first subscribed. */
export function mailingListMigration(tables: GenerationTables<typeof mailingListTable>): string {
  const table = tables[mailingListTable];
  return `
CREATE TABLE ${table} (
  email text PRIMARY KEY,
  subscribed_at timestamptz NOT NULL
);
`;
}
