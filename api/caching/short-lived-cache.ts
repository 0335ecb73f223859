/**
 * Values kept in this process for a short while, for lookups on a hot path that may be that much
 * out of date (a session, a song's stem). Each entry lapses `ttlMs` after it was put, and may be
 * dropped earlier by `delete` or `deleteWhere` (a sign-out). Bounded: past `maxEntries` it starts
 * over empty, so a flood of distinct keys costs lookups, never memory.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value put under `key` less than `ttlMs` before `nowMs`, or undefined. */
  get(key: string, nowMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > nowMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, nowMs: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: nowMs + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drop every entry whose value matches, at once (every cached session of a user signing out). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }
}
