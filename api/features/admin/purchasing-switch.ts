import type { DecidedEvent, StoredEvent } from '../../../events/catalog';

/** The one stream of the purchasing switch (the e2e seeding and the tests append here too). */
export const purchasingStream = 'settings-purchasing';

/** Whether purchasing is on after the stream's events; on until first switched off. */
export function evolvePurchasing(enabled: boolean, event: StoredEvent): boolean {
  if (event.type === 'PurchasingEnabled') return true;
  if (event.type === 'PurchasingDisabled') return false;
  return enabled;
}

/** Switch purchasing to `wanted`: one event when that changes it, none when it already is so. */
export function decidePurchasing(enabled: boolean, wanted: boolean): DecidedEvent<'PurchasingEnabled' | 'PurchasingDisabled'>[] {
  if (enabled === wanted) return [];
  return [wanted ? { type: 'PurchasingEnabled', data: {} } : { type: 'PurchasingDisabled', data: {} }];
}
