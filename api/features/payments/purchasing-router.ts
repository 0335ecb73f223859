import Router from '@koa/router';
import { isPurchasingEnabled } from '../../../projections/purchasing-setting/purchasing-setting-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import type { PurchasingSetting } from '../../../contract/purchasing';

/**
 * GET /api/settings/purchasing -> { purchasing_enabled } (spec 000 section 7), for everyone: the
 * screens hide the buy buttons when it is off. Not a secret, so visitors may ask too.
 */
export function purchasingRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/settings' });
  router.get('/purchasing', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { purchasing_enabled: await isPurchasingEnabled(deps.sql) } satisfies PurchasingSetting;
  });
  return router;
}
