import type { AppDependencies } from '../../app-dependencies';
import type { Feature } from '../../feature';
import { SyncChangeFeed } from './sync-change-feed';
import { syncRouter } from './sync-router';

// Keyed by the event store, which the app and its start-up code share (as the songs scanner is):
// one change feed per app, however many streams are open.
const feeds = new WeakMap<AppDependencies['store'], SyncChangeFeed>();

/** The app's one change feed for the live sync streams. */
export function syncChangeFeedOf(deps: AppDependencies): SyncChangeFeed {
  let feed = feeds.get(deps.store);
  if (feed === undefined) {
    feed = new SyncChangeFeed(deps.sql, deps.logger);
    feeds.set(deps.store, feed);
  }
  return feed;
}

/** Replication of the library, stars and presets with the local-first client: pull, push, live stream. */
export const syncFeature: Feature = {
  name: 'sync',
  routers: (deps) => [syncRouter(deps, { feed: syncChangeFeedOf(deps) })],
};
