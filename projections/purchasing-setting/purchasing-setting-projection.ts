import { assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { purchasingSettingMigration, purchasingSettingTable } from './purchasing-setting-tables';

/** The last switch of a batch; undefined when the batch held none. */
interface PurchasingSettingChange {
  enabled: boolean;
  changedAt: string;
}

/** Whether purchasing is on (spec 001's admin switch): checkout calls and GET /api/settings/purchasing read it. */
export const purchasingSetting = defineProjection({
  name: 'purchasing-setting',
  version: 1,
  eventTypes: ['PurchasingEnabled', 'PurchasingDisabled'],
  tables: [purchasingSettingTable],
  migration: purchasingSettingMigration,

  fold(events, change: PurchasingSettingChange | undefined = undefined) {
    let last = change;
    for (const event of events) {
      switch (event.type) {
        case 'PurchasingEnabled':
          last = { enabled: true, changedAt: event.metadata.occurredAt };
          break;
        case 'PurchasingDisabled':
          last = { enabled: false, changedAt: event.metadata.occurredAt };
          break;
        default:
          assertNever(event);
      }
    }
    return last;
  },

  async apply(tx: SqlExecutor, change: PurchasingSettingChange | undefined, tables) {
    if (change === undefined) return;
    await tx.query(
      `INSERT INTO ${tables[purchasingSettingTable]} (id, purchasing_enabled, changed_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET purchasing_enabled = EXCLUDED.purchasing_enabled, changed_at = EXCLUDED.changed_at`,
      [change.enabled, change.changedAt],
    );
  },
});
