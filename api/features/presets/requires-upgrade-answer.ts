import type { AppContext } from '../../http/app-context';
import { RequiresUpgrade } from '../../library/preset-decisions';
import type { RequiresUpgradeResponse } from './presets-responses';

/**
 * Answer a `RequiresUpgrade` refusal as 403 with the usual error body plus `requiresUpgrade: true`
 * (spec 000 section 6: "the server may answer requiresUpgrade to preset calls"), so the client can
 * tell it from other 403s and open the Upgrade modal. Other errors pass to the error handler.
 */
export function withRequiresUpgradeAnswer(handler: (ctx: AppContext) => Promise<void>): (ctx: AppContext) => Promise<void> {
  return async (ctx) => {
    try {
      await handler(ctx);
    } catch (error) {
      if (!(error instanceof RequiresUpgrade)) throw error;
      ctx.status = 403;
      ctx.body = { error: { code: 'requires_upgrade', message: error.message }, requiresUpgrade: true } satisfies RequiresUpgradeResponse;
    }
  };
}
