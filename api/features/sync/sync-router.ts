import Router from '@koa/router';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { parseBody, parseInput, parseQuery } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { enforceRateLimit } from '../../rate-limits/rate-limit';
import type { RateLimitRule } from '../../rate-limits/rate-limit-rule';
import { syncPushesPerUser } from './sync-limits';
import { type SyncChangeFeed, type SyncChangeFeedOptions } from './sync-change-feed';
import { pullPage } from './sync-pull';
import { pushPresets, pushStars, pushTakes } from './sync-push';
import { defaultPullLimit, presetPushRequest, pullCollectionParam, pullQuery, pushCollectionParam, starPushRequest, takePushRequest } from './sync-requests';
import { type SyncStreamOptions, openSyncStream } from './sync-stream';

export interface SyncRouterOptions {
  feed: SyncChangeFeed;
  stream?: SyncStreamOptions;
  /** Pushes per user and window; default `syncPushesPerUser`. */
  pushLimit?: RateLimitRule;
}

export type { SyncChangeFeedOptions };

/**
 * Replication of the local-first library (docs/sync-protocol.md): GET /api/sync/{collection}/pull,
 * POST /api/sync/{stars|presets|takes}/push (-> conflicting masters), GET /api/sync/stream (SSE). Pushes
 * use the REST calls' decisions and wait for their read model, so a later pull sees them.
 */
export function syncRouter(deps: AppDependencies, options: SyncRouterOptions): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/sync' });

  router.get('/stream', (ctx) => openSyncStream(ctx, options.feed, options.stream));

  router.get('/:collection/pull', async (ctx) => {
    const user = requireUser(ctx);
    const { collection } = parseInput(pullCollectionParam, ctx.params, 'path');
    const { position, limit } = parseQuery(ctx, pullQuery);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pullPage(deps.sql, collection, user.id, position, limit ?? defaultPullLimit);
  });

  router.post('/:collection/push', async (ctx) => {
    const user = requireUser(ctx);
    const { collection } = parseInput(pushCollectionParam, ctx.params, 'path');
    // Counted after parsing: a malformed push is refused without a write and uses up no allowance.
    const countPush = () => enforceRateLimit(deps, ctx, options.pushLimit ?? syncPushesPerUser, String(user.id));
    if (collection === 'stars') {
      const rows = parseBody(ctx, starPushRequest);
      await countPush();
      ctx.body = await pushStars(deps, ctx, user.id, rows);
    } else if (collection === 'presets') {
      const rows = parseBody(ctx, presetPushRequest);
      await countPush();
      ctx.body = await pushPresets(deps, ctx, user.id, rows);
    } else {
      const rows = parseBody(ctx, takePushRequest);
      await countPush();
      ctx.body = await pushTakes(deps, ctx, user.id, rows);
    }
  });

  return router;
}
