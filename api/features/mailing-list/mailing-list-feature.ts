import type { Feature } from '../../feature';
import { mailingListRouter } from './mailing-list-router';

/** The landing page's newsletter sign-up. */
export const mailingListFeature: Feature = {
  name: 'mailing-list',
  routers: (deps) => [mailingListRouter(deps)],
};
