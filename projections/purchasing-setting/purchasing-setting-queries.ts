import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { purchasingSettingTable } from './purchasing-setting-tables';

/** Whether purchasing is on; true until an administrator first switches it off (spec 000 section 3). */
export async function isPurchasingEnabled(sql: SqlExecutor): Promise<boolean> {
  const { rows } = await sql.query<{ purchasing_enabled: boolean }>(`SELECT purchasing_enabled FROM ${purchasingSettingTable} WHERE id = 1`);
  return rows[0]?.purchasing_enabled ?? true;
}
