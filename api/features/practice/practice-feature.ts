import type { Feature } from '../../feature';
import { practiceRouter } from './practice-router';

/** The practice log: sessions recorded as the musician practises, and their summary (decision 0030). */
export const practiceFeature: Feature = {
  name: 'practice',
  routers: (deps) => [practiceRouter(deps)],
};
