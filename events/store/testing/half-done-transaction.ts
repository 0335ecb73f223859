import type { SqlClient } from '../postgres/sql-client';

/**
 * A transaction on `sql` that runs `first`, pauses `pauseMs`, then runs `second`. `entered` settles
 * once `first` has run, so a test can send other statements while the transaction is half done;
 * `done` settles when it has committed.
 */
export function halfDoneTransaction(sql: SqlClient, first: string, second: string, pauseMs: number): { entered: Promise<void>; done: Promise<void> } {
  let inside!: () => void;
  const entered = new Promise<void>((resolve) => (inside = resolve));
  const done = sql.transaction(async (tx) => {
    await tx.query(first);
    inside();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    await tx.query(second);
  });
  return { entered, done };
}
