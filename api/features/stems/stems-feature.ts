import { admitMeteredRequest } from '../../credits/credit-gate';
import type { Feature } from '../../feature';
import { stemsRouter } from './stems-router';

/**
 * The stem stream: stem audio for signed-in users, metered per response (StemStreamed) and allowed
 * by their credits (403 without any left; GETs reserve what they send).
 */
export const stemsFeature: Feature = {
  name: 'stems',
  routers: (deps) => [
    stemsRouter(deps, {
      beforeServe: (stem) =>
        admitMeteredRequest(deps, {
          method: stem.method,
          userId: stem.user.id,
          contentLength: stem.range ? stem.range.end - stem.range.start + 1 : stem.size,
          startedAt: stem.startedAt,
        }),
    }),
  ],
};
