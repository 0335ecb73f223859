import type { Feature } from '../../feature';
import { sesNotificationsPathPrefix, sesNotificationsRouter } from './ses-notifications-router';
import { fetchSubscriptionConfirmer } from './subscription-confirmer';

/** SES bounces and complaints through SNS: the addresses campaign mail must skip. */
export const sesNotificationsFeature: Feature = {
  name: 'ses-notifications',
  rawBodyPaths: [sesNotificationsPathPrefix],
  routers: (deps) => [sesNotificationsRouter(deps, { confirmSubscription: fetchSubscriptionConfirmer() })],
};
