import type { Feature } from '../../feature';
import { privacyRequestsRouter } from './privacy-requests-router';

/** The public privacy request form's endpoint. */
export const privacyRequestsFeature: Feature = {
  name: 'privacy-requests',
  routers: (deps) => [privacyRequestsRouter(deps)],
};
