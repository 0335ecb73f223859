import type { AppDependencies } from '../../../app-dependencies';
import { features } from '../../../features';
import type { AppRouter } from '../../../http/app-context';
import { SyncChangeFeed, type SyncChangeFeedOptions } from '../sync-change-feed';
import { syncFeature } from '../sync-feature';
import { type SyncRouterOptions, syncRouter } from '../sync-router';

/**
 * The app's routers with a sync router that answers quickly enough for a test: its feed polls every
 * 50 ms and its streams beat every 200 ms, unless `feed` or `router` say otherwise.
 */
export function routersWithFastSync(options: { feed?: SyncChangeFeedOptions; router?: Omit<SyncRouterOptions, 'feed'> } = {}): (deps: AppDependencies) => AppRouter[] {
  return (deps) => [
    ...features.filter((feature) => feature !== syncFeature).flatMap((feature) => feature.routers?.(deps) ?? []),
    syncRouter(deps, { feed: new SyncChangeFeed(deps.sql, deps.logger, { pollMs: 50, ...options.feed }), stream: { heartbeatMs: 200 }, ...options.router }),
  ];
}
