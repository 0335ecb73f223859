/**
 * Values kept in this process for `ttlMs` (or until `delete`/`deleteWhere`), for hot-path lookups
 * that may be that stale. Past `maxEntries` it starts over, so distinct keys never cost memory.
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
