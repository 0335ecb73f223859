import Router from '@koa/router';
import { isPurchasingEnabled } from '../../../projections/purchasing-setting/purchasing-setting-queries';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { AppRouter, AppState } from '../../http/app-context';
import { parseBody } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { adminSettingsPatch } from './admin-requests';
import type { PurchasingSetting } from '../../../contract/purchasing';
import { decidePurchasing, evolvePurchasing, purchasingStream } from './purchasing-switch';

/**
 * GET and PATCH /api/admin/settings { purchasing_enabled } (spec 001 sections 2.9, 7). PATCH appends
 * PurchasingEnabled/Disabled (nothing when unchanged) and answers once the read model has it, so
 * every later checkout sees the switch.
 */
export function adminSettingsRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/admin' });

  router.get('/settings', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { purchasing_enabled: await isPurchasingEnabled(deps.sql) } satisfies PurchasingSetting;
  });

  router.patch('/settings', async (ctx) => {
    const admin = requireUser(ctx);
    const { purchasing_enabled: wanted } = parseBody(ctx, adminSettingsPatch);
    await handleCommand(deps, ctx, {
      stream: purchasingStream,
      initialState: true,
      evolve: evolvePurchasing,
      decide: (enabled) => decidePurchasing(enabled, wanted),
      userId: admin.id,
      readModel: 'purchasing-setting',
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { purchasing_enabled: wanted } satisfies PurchasingSetting;
  });

  return router;
}
