/**
 * A long-running task of a feature (the campaign sender, ...). At most one instance runs across
 * all processes: the runner holds the advisory lock `job:<name>` while `run` executes.
 */
export interface BackgroundJob {
  /** kebab-case; also the lock key. */
  readonly name: string;
  /**
   * Do the work until `signal` aborts, then resolve. Returning early is fine (the runner starts it
   * again after a pause); throwing is logged and retried after a pause.
   */
  run(signal: AbortSignal): Promise<void>;
}
