import type { Feature } from '../../feature';
import { adminAuditRouter } from './admin-audit-router';
import { adminFiguresRouter } from './admin-figures-router';
import { adminSettingsRouter } from './admin-settings-router';

/** The admin area's server side (spec 001 section 2.9; decision 0023); admin-access guards /api/admin before these run. */
export const adminFeature: Feature = {
  name: 'admin',
  routers: (deps) => [adminFiguresRouter(deps), adminSettingsRouter(deps), adminAuditRouter(deps)],
};
