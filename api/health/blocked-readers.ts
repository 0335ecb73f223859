import type { LogVisibility } from '../../projections/runtime/log-visibility';

/** Readers of the log held back, as the health detail reports it. */
export interface BlockedReadersHealth {
  /** Events committed but not yet visible to readers. */
  invisibleEvents: number;
  /** The blocking transaction's server process (`pg_terminate_backend(pid)` ends it) and age. */
  blockingTransaction?: { pid: number; ageSeconds: number; state: string | null };
  /** A prepared transaction holding readers back: no session shows it; `ROLLBACK PREPARED '<gid>'` ends it. */
  preparedTransaction?: { gid: string; ageSeconds: number; database: string };
}

/** What health says of a log whose readers are held back, by a session or a prepared transaction; undefined when none is. */
export function blockedReadersOf({ invisibleEvents, blockingTransaction, preparedTransaction }: LogVisibility): BlockedReadersHealth | undefined {
  if (!blockingTransaction && !preparedTransaction) return undefined;
  return {
    invisibleEvents,
    ...(blockingTransaction && {
      blockingTransaction: { pid: blockingTransaction.pid, ageSeconds: blockingTransaction.ageSeconds, state: blockingTransaction.state },
    }),
    ...(preparedTransaction && {
      preparedTransaction: { gid: preparedTransaction.gid, ageSeconds: preparedTransaction.ageSeconds, database: preparedTransaction.database },
    }),
  };
}
