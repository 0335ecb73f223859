import type { Feature } from '../../feature';
import { devMailboxRouter } from './dev-mailbox-router';

/** The local outbox's mailbox (development and tests only). */
export const devMailboxFeature: Feature = {
  name: 'dev-mailbox',
  routers: (deps) => [devMailboxRouter(deps)],
};
