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
    /** Events per page of the runtime rebuild; unset, the runtime's defaults. */
    pageSize?: number;
    /** Events per page of the bare read: 10,000, where it measured fastest. */
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
