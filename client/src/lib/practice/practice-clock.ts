/** Counts the time a song actually plays in one session; pure (times passed in). */
export class PracticeClock {
  #playedMs = 0;
  #playingSince: number | null = null;
  /** When the session's first play began (ISO), null before it. */
  #startedAt: Date | null = null;

  playing(at: Date): void {
    if (this.#playingSince !== null) return;
    this.#playingSince = at.getTime();
    this.#startedAt ??= at;
  }

  paused(at: Date): void {
    if (this.#playingSince === null) return;
    this.#playedMs += Math.max(0, at.getTime() - this.#playingSince);
    this.#playingSince = null;
  }

  /** Whole seconds played so far, including a play in progress. */
  secondsPlayed(at: Date): number {
    const running = this.#playingSince === null ? 0 : Math.max(0, at.getTime() - this.#playingSince);
    return Math.floor((this.#playedMs + running) / 1000);
  }

  get startedAt(): Date | null {
    return this.#startedAt;
  }

  /** Whether a play is in progress. */
  get isRunning(): boolean {
    return this.#playingSince !== null;
  }
}

/** The calendar date of `at` on this device (its own time zone), as YYYY-MM-DD. */
export function localDateOf(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Sessions shorter than this are not recorded: a song opened to check it, not practised. */
export const minPracticeSeconds = 10;
