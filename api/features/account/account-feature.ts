import type { Feature } from '../../feature';
import { accountRouter } from './account-router';

/** The signed-in user's account: current user, tutorial dismissals, player preferences. */
export const accountFeature: Feature = {
  name: 'account',
  routers: (deps) => [accountRouter(deps)],
};
