import type { AdvisoryLockSession, SqlExecutor } from '../../events/store/postgres/sql-client';
import { advisoryLockHolder } from './advisory-lock-holder';

/** The advisory lock a runner or a rebuild works under is gone: stop, write nothing more. */
export class LockLost extends Error {
  override readonly name = 'LockLost';
}

/**
 * Guards a lock holder's writes: once the lock's session dies a standby may take it at once. The
 * signal fires when the connection notices; `assertHeld`, run just before each commit, asks the server,
 * so a write in flight when the session died rolls back.
 */
export class LockFence {
  readonly #session: Pick<AdvisoryLockSession, 'signal' | 'backendPid'>;
  readonly #key: string;

  constructor(session: Pick<AdvisoryLockSession, 'signal' | 'backendPid'>, key: string) {
    this.#session = session;
    this.#key = key;
  }

  get signal(): AbortSignal {
    return this.#session.signal;
  }

  get lost(): boolean {
    return this.#session.signal.aborted;
  }

  throwIfLost(): void {
    if (this.lost) throw new LockLost(`Lost the lock ${this.#key}: ${describe(this.#session.signal.reason)}`);
  }

  /** Throws `LockLost` (rolling `tx` back) unless the lock's session is alive and holds the lock. */
  async assertHeld(tx: SqlExecutor): Promise<void> {
    this.throwIfLost();
    if (this.#session.backendPid === null) return;
    const holder = await advisoryLockHolder(tx, this.#key);
    if (holder !== this.#session.backendPid) {
      throw new LockLost(`Lost the lock ${this.#key}: its session (pid ${this.#session.backendPid}) no longer holds it${holder === null ? '' : `; pid ${holder} does`}`);
    }
  }
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
