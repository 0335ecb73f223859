import { AdmissionCache, admissionCacheTtlMs } from '../../credits/admission-cache';
import { admitMeteredRequest } from '../../credits/credit-gate';
import { type ReservationRoutine, reserveStreamBytesRoutine } from '../../credits/credit-reservations';
import type { Feature } from '../../feature';
import { lapsedReservationsJob } from './lapsed-reservations-job';
import { stemsRouter } from './stems-router';

export interface StemsFeatureOptions {
  /** How long a HEAD's admission answers again (decision 0048); 0: every HEAD asks the database. */
  admissionCacheTtlMs: number;
  /**
   * The reservation function GETs call: this release's unless a test runs another version side by
   * side, whose start (its migrations) created it.
   */
  reservations?: ReservationRoutine;
}

/**
 * The stem stream: stem audio for signed-in users, metered per response (StemStreamed) and allowed
 * by their credits (403 without enough left; GETs reserve what they send). Each app keeps its own
 * recent HEAD admissions. Its job records reservations that lapsed unsettled as spent.
 */
export function stemsFeatureWith(options: StemsFeatureOptions): Feature {
  return {
    name: 'stems',
    routers: (deps) => {
      const gate = { ...deps, admissions: new AdmissionCache(options.admissionCacheTtlMs), reservations: options.reservations ?? reserveStreamBytesRoutine };
      return [
        stemsRouter(deps, {
          beforeServe: (stem) =>
            admitMeteredRequest(gate, {
              method: stem.method,
              userId: stem.user.id,
              contentLength: stem.range ? stem.range.end - stem.range.start + 1 : stem.size,
              startedAt: stem.startedAt,
              stem: { songId: stem.songId, filename: stem.filename, range: stem.range },
            }),
        }),
      ];
    },
    jobs: (deps) => [lapsedReservationsJob({ sql: deps.sql, store: deps.store, clock: deps.clock, log: deps.logger })],
  };
}

export const stemsFeature: Feature = stemsFeatureWith({ admissionCacheTtlMs });
