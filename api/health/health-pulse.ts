/** What one part (the event store, the database) looked like to the health check just now. */
export type PulseReading<T> =
  /** Answered within the time the health check waits. */
  | { state: 'ok'; value: T }
  /** No answer yet, but it answered a moment ago (`lastValue`): busy, not down. */
  | { state: 'slow'; lastValue: T }
  /** It failed, or has not answered for longer than the part may take. */
  | { state: 'down'; error: unknown };

export interface PulseOptions {
  /** How long a health check waits for the answer. */
  waitMs: number;
  /** How long without any answer before a part that is merely not answering counts as down. */
  unresponsiveAfterMs: number;
  now?: () => number;
}

/**
 * A probe that tells "busy" from "down" (decision 0052): one in flight at a time, shared by the
 * checks that come meanwhile; a late answer still counts. An error fails at once; silence only
 * after `unresponsiveAfterMs` (the embedded database answers in turn, so under load it waits).
 */
export class HealthPulse<T> {
  readonly #probe: () => Promise<T>;
  readonly #options: PulseOptions;
  #inFlight: Promise<T> | undefined;
  #lastAnswer: { atMs: number; value: T } | undefined;

  constructor(probe: () => Promise<T>, options: PulseOptions) {
    this.#probe = probe;
    this.#options = options;
  }

  async read(): Promise<PulseReading<T>> {
    const now = this.#options.now ?? Date.now;
    let probe = this.#inFlight;
    if (probe === undefined) {
      probe = this.#probe();
      this.#inFlight = probe;
      const settle = () => {
        if (this.#inFlight === probe) this.#inFlight = undefined;
      };
      probe.then((value) => {
        this.#lastAnswer = { atMs: now(), value };
        settle();
      }, settle);
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), this.#options.waitMs)));
    try {
      const outcome = await Promise.race([probe.then((value) => ({ value })), waited]);
      if (outcome !== 'waited') return { state: 'ok', value: outcome.value };
    } catch (error) {
      return { state: 'down', error };
    } finally {
      clearTimeout(timer);
    }
    const last = this.#lastAnswer;
    if (last !== undefined && now() - last.atMs < this.#options.unresponsiveAfterMs) return { state: 'slow', lastValue: last.value };
    return { state: 'down', error: new Error(`no answer for ${this.#options.unresponsiveAfterMs} ms`) };
  }
}
