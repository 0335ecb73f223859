import type { Feature } from '../../feature';
import { subscriptionRouter } from './subscription-router';

/** Pro membership: the subscription status every signed-in page reads (checkout and cancel come with payments). */
export const subscriptionFeature: Feature = {
  name: 'subscription',
  routers: (deps) => [subscriptionRouter(deps)],
};
