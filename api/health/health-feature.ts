import type { Feature } from '../feature';
import { healthRouter } from './health-router';

/** The health check (`GET /api/health`). */
export const healthFeature: Feature = {
  name: 'health',
  routers: (deps) => [healthRouter(deps)],
};
