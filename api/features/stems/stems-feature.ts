import type { Feature } from '../../feature';
import { stemsRouter } from './stems-router';

/** The stem stream: stem audio for signed-in users, metered per response (StemStreamed). */
export const stemsFeature: Feature = {
  name: 'stems',
  routers: (deps) => [stemsRouter(deps)],
};
