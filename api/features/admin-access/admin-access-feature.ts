import type { Feature } from '../../feature';
import { adminGuard } from './admin-guard';

/**
 * Server-side admin enforcement for every /api/admin/* path. Registered right after `auth`, so
 * its middleware runs after the session middleware has found the user, and before any router.
 */
export const adminAccessFeature: Feature = {
  name: 'admin-access',
  middleware: () => [adminGuard()],
};
