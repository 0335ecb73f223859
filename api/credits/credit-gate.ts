import type { Logger } from 'pino';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { billingMonthKey } from '../../projections/credits/credit-rules';
import type { Clock } from '../clock';
import { AppError } from '../http/app-error';
import type { AdmissionCache } from './admission-cache';
import { type Admission, type ReservationRoutine, type ReservedStem, admissionOf, extendReservation, releaseReservation, reservationHeartbeatMs, reserveStreamBytes, settleReservation } from './credit-reservations';

/** The part of a stem response the gate decides on. */
export interface MeteredRequest {
  method: 'GET' | 'HEAD';
  userId: number;
  contentLength: number;
  /** When the response started: its billing month, and the instant Pro is judged at. */
  startedAt: Date;
  /** What a GET serves, recorded with its reservation (a lapsed one is billed as spent for it). */
  stem: ReservedStem;
}

/** Credits a GET holds while it streams (its whole body, `maxBytes`), settled on what was sent. */
export interface CreditHold {
  /** The most body bytes this response may send. */
  readonly maxBytes: number;
  /** The id of the response's StemStreamed: the reservation's, which a lapse is recorded under too (decision 0055). */
  readonly eventId: string;
  /** The response is over: keep holding only `bytesSent` until the read model has the event at `position` (null: not recorded). */
  settle(bytesSent: number, position: string | null): Promise<void>;
  /** The response sent nothing: give the whole reservation back. */
  release(): Promise<void>;
}

export interface CreditGateDependencies {
  sql: SqlClient;
  clock: Clock;
  logger: Logger;
  /** Recent HEAD admissions (decision 0048); without it every HEAD asks the database. */
  admissions?: AdmissionCache;
  /** The reservation function of this release, created by its migrations (credit-reservations.ts). */
  reservations: ReservationRoutine;
}

/** The 403 of spec 000 section 4: the player opens Credit Limit Reached on it. */
export function creditLimitReached(): AppError {
  return new AppError(403, 'forbidden', 'You have used all your streaming credits. Buy more credits or upgrade to Pro to keep streaming.');
}

/**
 * Streaming under the credit rules (docs/architecture.md, Metering): Pro streams with nothing held;
 * others need credits for the whole response or get a 403 before its body (decision 0055). Null when
 * nothing is held (HEAD, Pro).
 */
export async function admitMeteredRequest(deps: CreditGateDependencies, request: MeteredRequest): Promise<CreditHold | null> {
  if (request.method === 'HEAD') {
    await admitHead(deps, request);
    return null;
  }
  // One round trip for a GET: Pro, or a hold of what it may send.
  const reservation = await reserveStreamBytes(deps.sql, request.userId, request.contentLength, request.startedAt, deps.clock.now(), request.stem, deps.reservations);
  // Whatever it held, the user's credits may have moved since a HEAD's admission was kept.
  deps.admissions?.forget(request.userId);
  if (reservation.pro) return null;
  if (!reservation.granted) throw creditLimitReached();
  const { id } = reservation;
  const heartbeat = setInterval(() => {
    extendReservation(deps.sql, id, deps.clock.now()).catch((error: unknown) => deps.logger.warn({ err: error, reservationId: id }, 'credit reservation not extended; it lapses unless a later beat lands'));
  }, reservationHeartbeatMs);
  heartbeat.unref();
  let over = false;
  const finish = async (work: () => Promise<void>) => {
    if (over) return;
    over = true;
    clearInterval(heartbeat);
    try {
      await work();
    } catch (error) {
      // The response is over either way; a row left unsettled is recorded as spent once it lapses.
      deps.logger.error({ err: error, reservationId: id, userId: request.userId }, 'credit reservation not settled; it is billed as spent once it lapses');
    }
    deps.admissions?.forget(request.userId);
  };
  return {
    maxBytes: reservation.bytes,
    eventId: id,
    settle: (bytesSent, position) => finish(() => settleReservation(deps.sql, id, bytesSent, position, deps.clock.now())),
    release: () => finish(() => releaseReservation(deps.sql, id)),
  };
}

/** A HEAD's answer at `request.startedAt`: nothing (Pro, or what is left covers it), or the 403. */
async function admitHead(deps: CreditGateDependencies, request: MeteredRequest): Promise<void> {
  const ask = () => admissionOf(deps.sql, request.userId, request.startedAt);
  const found = deps.admissions
    ? await deps.admissions.admission(request.userId, billingMonthKey(request.startedAt), request.startedAt.getTime(), ask)
    : { admission: await ask(), kept: false };
  if (covers(found.admission, request.contentLength)) return;
  // A kept answer may be out of date (credits bought since): refuse only on the database's word.
  if (found.kept && covers(await ask(), request.contentLength)) return;
  throw creditLimitReached();
}

/** The player asks HEAD before loading a stem: one that would be cut short is refused, and nothing spent. */
function covers(admission: Admission, contentLength: number): boolean {
  return admission.pro || (admission.bytesLeft > 0 && admission.bytesLeft >= contentLength);
}
