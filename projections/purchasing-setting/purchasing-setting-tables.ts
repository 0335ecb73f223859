import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name. */
export const purchasingSettingTable = 'purchasing_setting';

/** Version 1: at most one row (`id` 1), from the last switch; no row means purchasing is on. */
export const purchasingSettingMigration = oneTableMigration(purchasingSettingTable, `
  id integer PRIMARY KEY CHECK (id = 1),
  purchasing_enabled boolean NOT NULL,
  changed_at timestamptz NOT NULL
`);
