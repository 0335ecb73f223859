/** A long-running task of a feature; at most one instance runs across processes (advisory lock `woodshed:<schema>:job:<name>`). */
export interface BackgroundJob {
  /** kebab-case; also the lock key. */
  readonly name: string;
  /** Work until `signal` aborts; returning early or throwing is restarted after a pause. */
  run(signal: AbortSignal): Promise<void>;
}
