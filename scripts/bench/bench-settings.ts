/** Sizes and durations of one bench run; `quick` shrinks them for a smoke run. */
export interface BenchSettings {
  /** Runs per figure; each figure reported is the median. */
  runs: number;
  appends: {
    concurrency: readonly number[];
    /** Concurrent connections of the raw-insert baseline and appenders of the peer. */
    baselineConcurrency: number;
    warmupMs: number;
    durationMs: number;
  };
  rebuild: {
    events: number;
    users: number;
    /**
     * Events per page of the runtime rebuild; unset, the runtime's defaults (1,000 whole events,
     * 10,000 trimmed), as `npm run replay` uses them.
     */
    pageSize?: number;
    /**
     * Events per page of the bare read: 10,000, at which it measured fastest
     * (docs/archive/benchmarks-history-2026.md, "The bare read's page size"), so the baseline is
     * the read at its best, not at the runtime's.
     */
    barePageSize: number;
  };
}

export const fullSettings: BenchSettings = {
  runs: 3,
  appends: { concurrency: [1, 16, 64], baselineConcurrency: 64, warmupMs: 1_000, durationMs: 3_000 },
  rebuild: { events: 1_000_000, users: 10_000, barePageSize: 10_000 },
};

export const quickSettings: BenchSettings = {
  runs: 3,
  appends: { concurrency: [1, 16, 64], baselineConcurrency: 64, warmupMs: 200, durationMs: 800 },
  rebuild: { events: 50_000, users: 1_000, barePageSize: 10_000 },
};
