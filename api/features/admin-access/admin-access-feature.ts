import type { Feature } from '../../feature';
import { adminGuard } from './admin-guard';
import { adminGuardRouter } from './admin-guard-router';

/**
 * Server-side admin enforcement for every /api/admin/* route. Registered right after `auth`
 * (which finds the session) and before any feature with admin routes.
 */
export const adminAccessFeature: Feature = {
  name: 'admin-access',
  routers: () => [adminGuardRouter(adminGuard())],
};
