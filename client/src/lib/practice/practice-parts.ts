import { PracticeClock, minPracticeSeconds } from './practice-clock';
import { sameFacts } from './practice-facts';
import type { PracticeFacts } from './practice-facts';

/** What one session played with one set of facts: recorded as one practice session. */
export interface PracticePart {
  facts: PracticeFacts;
  startedAt: Date;
  secondsPractised: number;
}

/**
 * One practice session, split into one record per tempo, pitch and loop; the minimum length
 * applies to the whole, so a speed trainer's short passes still count.
 */
export class PracticeParts {
  #parts: Array<{ facts: PracticeFacts; clock: PracticeClock }>;
  #current: { facts: PracticeFacts; clock: PracticeClock };

  constructor(facts: PracticeFacts) {
    this.#current = { facts, clock: new PracticeClock() };
    this.#parts = [this.#current];
  }

  playing(at: Date): void {
    this.#current.clock.playing(at);
  }

  paused(at: Date): void {
    this.#current.clock.paused(at);
  }

  /** From `at` on the song is played with `facts`. */
  changed(facts: PracticeFacts, at: Date): void {
    if (sameFacts(this.#current.facts, facts)) return;
    const wasRunning = this.#current.clock.isRunning;
    this.#current.clock.paused(at);
    this.#current = this.#parts.find((part) => sameFacts(part.facts, facts)) ?? { facts, clock: new PracticeClock() };
    if (!this.#parts.includes(this.#current)) this.#parts.push(this.#current);
    if (wasRunning) this.#current.clock.playing(at);
  }

  get facts(): PracticeFacts {
    return this.#current.facts;
  }

  get isRunning(): boolean {
    return this.#current.clock.isRunning;
  }

  /** The parts to record at `at`: none when the whole session is too short to count. */
  toRecord(at: Date): PracticePart[] {
    const parts = this.#parts.flatMap(({ facts, clock }) =>
      clock.startedAt === null ? [] : [{ facts, startedAt: clock.startedAt, secondsPractised: clock.secondsPlayed(at) }],
    );
    const total = parts.reduce((sum, part) => sum + part.secondsPractised, 0);
    if (total < minPracticeSeconds) return [];
    return parts.filter((part) => part.secondsPractised > 0);
  }
}
