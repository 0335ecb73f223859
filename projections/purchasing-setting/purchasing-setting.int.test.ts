import { describe, expect, it } from 'vitest';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { purchasingSetting } from './purchasing-setting-projection';
import { isPurchasingEnabled } from './purchasing-setting-queries';

for (const client of availableSqlClients()) {
  describe(`purchasing setting read model (${client.name})`, () => {
    const spec = projectionSpec(purchasingSetting, client);

    it('is on before any switch', async () => {
      await spec.given([]).thenRead(async (sql) => {
        expect(await isPurchasingEnabled(sql)).toBe(true);
      });
    });

    it('given switches, then the last one holds', async () => {
      await spec.given([{ type: 'PurchasingDisabled', data: {} }]).thenRead(async (sql) => {
        expect(await isPurchasingEnabled(sql)).toBe(false);
      });
      await spec
        .given([
          { type: 'PurchasingDisabled', data: {} },
          { type: 'PurchasingEnabled', data: {} },
          { type: 'PurchasingDisabled', data: {} },
        ])
        .thenRead(async (sql) => {
          expect(await isPurchasingEnabled(sql)).toBe(false);
        });
      await spec
        .given([
          { type: 'PurchasingDisabled', data: {} },
          { type: 'PurchasingEnabled', data: {} },
        ])
        .thenRead(async (sql) => {
          expect(await isPurchasingEnabled(sql)).toBe(true);
        });
    });
  });
}
