import type { Admission } from './credit-reservations';

/** How long a database admission may answer a HEAD again (decision 0048), on both the app's and the process's clock. */
export const admissionCacheTtlMs = 1_000;

interface Entry {
  month: string;
  admission: Admission;
  /** The request instant (app clock) the admission was asked at. */
  askedAtMs: number;
  /** performance.now() when the answer came. */
  answeredAt: number;
}

interface Pending {
  month: string;
  answer: Promise<Admission>;
}

/**
 * Recent HEAD admissions per user and month, so the player's burst of HEADs asks once. Only
 * admissions are kept, never refusals, so a stale entry is only too generous, briefly, for a HEAD.
 * Reservations `forget` the user; concurrent HEADs share one question.
 */
export class AdmissionCache {
  private readonly entries = new Map<number, Entry>();
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly ttlMs = admissionCacheTtlMs,
    private readonly maxEntries = 10_000,
    private readonly processNow: () => number = () => performance.now(),
  ) {}

  /** A kept admission younger than `ttlMs` (`kept` true), or `ask`'s answer, shared with concurrent callers and kept when it admits. */
  async admission(userId: number, month: string, atMs: number, ask: () => Promise<Admission>): Promise<{ admission: Admission; kept: boolean }> {
    if (this.ttlMs <= 0) return { admission: await ask(), kept: false };
    const entry = this.entries.get(userId);
    if (entry !== undefined && entry.month === month && this.fresh(entry, atMs)) return { admission: entry.admission, kept: true };
    const inFlight = this.pending.get(userId);
    if (inFlight !== undefined && inFlight.month === month) return { admission: await inFlight.answer, kept: false };

    const answer = ask();
    const mine: Pending = { month, answer };
    this.pending.set(userId, mine);
    try {
      const admission = await answer;
      // A reservation forgot the user while the question was out: its answer may predate the hold.
      if (this.pending.get(userId) === mine && (admission.pro || admission.bytesLeft > 0)) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(userId, { month, admission, askedAtMs: atMs, answeredAt: this.processNow() });
      }
      return { admission, kept: false };
    } finally {
      if (this.pending.get(userId) === mine) this.pending.delete(userId);
    }
  }

  /** The user's credits just changed in this process (a GET reserved, settled or released): ask again next time. */
  forget(userId: number): void {
    this.entries.delete(userId);
    this.pending.delete(userId);
  }

  private fresh(entry: Entry, atMs: number): boolean {
    // Both clocks: a test clock that stands still, or one set back or forward, never stretches an entry.
    const sinceAsked = atMs - entry.askedAtMs;
    return sinceAsked >= 0 && sinceAsked < this.ttlMs && this.processNow() - entry.answeredAt < this.ttlMs;
  }
}
