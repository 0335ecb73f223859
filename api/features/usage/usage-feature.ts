import type { Feature } from '../../feature';
import { usageRouter } from './usage-router';

/** Usage and credits: the figures of the usage screen (GET /api/usage/stats). */
export const usageFeature: Feature = {
  name: 'usage',
  routers: (deps) => [usageRouter(deps)],
};
