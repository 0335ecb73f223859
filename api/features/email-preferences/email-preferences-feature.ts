import type { Feature } from '../../feature';
import { emailPreferencesRouter } from './email-preferences-router';

/** Announcements on or off for the signed-in user. */
export const emailPreferencesFeature: Feature = {
  name: 'email-preferences',
  routers: (deps) => [emailPreferencesRouter(deps)],
};
