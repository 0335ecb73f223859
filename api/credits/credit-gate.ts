import type { Logger } from 'pino';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import type { Clock } from '../clock';
import { AppError } from '../http/app-error';
import { admissionOf, extendReservation, releaseReservation, reservationHeartbeatMs, reserveStreamBytes, settleReservation } from './credit-reservations';

/** The part of a stem response the gate decides on. */
export interface MeteredRequest {
  method: 'GET' | 'HEAD';
  userId: number;
  /** Body bytes the response would send. */
  contentLength: number;
  /** When the response started: its billing month, and the instant Pro is judged at. */
  startedAt: Date;
}

/** Credits a GET holds while it streams: the body is cut at `maxBytes`, then settled on what was sent. */
export interface CreditHold {
  /** The most body bytes this response may send. */
  readonly maxBytes: number;
  /** The response is over: keep holding only `bytesSent` until the read model has the event at `position` (null: not recorded). */
  settle(bytesSent: number, position: string | null): Promise<void>;
  /** The response sent nothing: give the whole reservation back. */
  release(): Promise<void>;
}

export interface CreditGateDependencies {
  sql: SqlClient;
  clock: Clock;
  logger: Logger;
}

/** The 403 of spec 000 section 4: the player opens Credit Limit Reached on it. */
export function creditLimitReached(): AppError {
  return new AppError(403, 'forbidden', 'You have used all your streaming credits. Buy more credits or upgrade to Pro to keep streaming.');
}

/**
 * Streaming under the credit rules (ARCHITECTURE.md, Metering): Pro streams unlimited, with nothing
 * held; anyone else needs credits left, live holds included, or gets a 403. HEAD only checks, and
 * also refuses when what is left does not cover the response it describes. A GET
 * reserves its body's bytes, capped by what is left, and keeps the reservation alive while it
 * streams; `settle` then holds the bytes actually sent until the credits read model has them.
 * Resolves null when nothing is held (HEAD, Pro).
 */
export async function admitMeteredRequest(deps: CreditGateDependencies, request: MeteredRequest): Promise<CreditHold | null> {
  if (request.method === 'HEAD') {
    // One statement answers both questions, Pro and credits left, at the instant the response started.
    const admission = await admissionOf(deps.sql, request.userId, request.startedAt);
    if (admission.pro) return null;
    // The player asks HEAD before it loads a stem: a stem that would be cut short (a partial file
    // that does not decode, billed all the same) is refused here, and nothing is spent.
    if (!(admission.bytesLeft > 0 && admission.bytesLeft >= request.contentLength)) throw creditLimitReached();
    return null;
  }
  // One round trip for a GET: Pro, or a hold of what it may send.
  const reservation = await reserveStreamBytes(deps.sql, request.userId, request.contentLength, request.startedAt, deps.clock.now());
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
      // The response is over either way; a row left as it was lapses with its expiry.
      deps.logger.error({ err: error, reservationId: id, userId: request.userId }, 'credit reservation not settled; it lapses at its expiry');
    }
  };
  return {
    maxBytes: reservation.bytes,
    settle: (bytesSent, position) => finish(() => settleReservation(deps.sql, id, bytesSent, position, deps.clock.now())),
    release: () => finish(() => releaseReservation(deps.sql, id)),
  };
}
