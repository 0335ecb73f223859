import type { Logger } from 'pino';
import type { EventStore } from '../../../events/store/event-store';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import type { Clock } from '../../clock';
import { claimLapsedReservations, settleLapsedReservation } from '../../credits/lapsed-reservations';
import type { BackgroundJob } from '../../jobs/background-job';
import { periodicJob } from '../../jobs/periodic-job';
import { recordStemStreamed } from './record-stem-streamed';

/** How often lapsed reservations are looked for: well under their 2-minute time to live. */
export const lapsedReservationSweepMs = 15_000;

export interface LapsedReservationDependencies {
  sql: SqlExecutor;
  store: Pick<EventStore, 'append'>;
  clock: Clock;
  log: Logger;
}

/**
 * Record every reservation that lapsed unsettled as spent (decision 0055): a StemStreamed of all
 * the bytes it held, `aborted`, under the reservation's id, which is also the id its own response
 * would have recorded under, so the log never bills both. Resolves how many were taken.
 */
export async function recordLapsedReservations(deps: LapsedReservationDependencies): Promise<number> {
  const lapsed = await claimLapsedReservations(deps.sql, deps.clock.now());
  for (const reservation of lapsed) {
    const { id, userId, songId, filename, range, bytes, startedAt } = reservation;
    if (songId === null || filename === null) {
      // Written before reservations recorded their stem: it holds its bytes a day, as spent.
      deps.log.error({ reservationId: id, userId, bytes }, 'lapsed credit reservation without its stem; held a day as spent, reconcile by hand');
      continue;
    }
    const source = { state: { requestId: `lapsed-reservation-${id}` } };
    const data = { userId, songId, filename, bytesSent: bytes, range, aborted: true, startedAt: startedAt.toISOString() };
    const position = await recordStemStreamed(deps, source, data, id);
    if (position !== null) await settleLapsedReservation(deps.sql, id, bytes, position);
  }
  return lapsed.length;
}

/** The sweep, one instance across processes (the job runner's lock). */
export function lapsedReservationsJob(deps: LapsedReservationDependencies, everyMs = lapsedReservationSweepMs): BackgroundJob {
  return periodicJob('lapsed-credit-reservations', everyMs, () => recordLapsedReservations(deps));
}
