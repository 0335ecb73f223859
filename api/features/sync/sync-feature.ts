import type { Feature } from '../../feature';
import { SyncChangeFeed } from './sync-change-feed';
import { syncRouter } from './sync-router';

/**
 * Replication of the library, stars, presets and takes with the local-first client: pull, push, live
 * stream. An app builds its routers once, so it has one change feed, however many streams are open.
 */
export const syncFeature: Feature = {
  name: 'sync',
  routers: (deps) => [syncRouter(deps, { feed: new SyncChangeFeed(deps.sql, deps.logger) })],
};
