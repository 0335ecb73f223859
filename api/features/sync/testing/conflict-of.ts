import { PushConflict } from '../push-conflict';

/** The server's document a push decision answered with a conflict; fails when it decided without one. */
export function conflictOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof PushConflict) return error.master;
    throw error;
  }
  throw new Error('expected a conflict');
}
