export interface AppendThroughput {
  /** Appends completed inside the measuring window (one event each). */
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** Run `appenders` loops; only appends inside the window (read off the clock, not timers) count. */
export async function runAppenders(options: {
  appenders: number;
  warmupMs: number;
  durationMs: number;
  appendOne: (appender: number) => Promise<void>;
}): Promise<AppendThroughput> {
  const measureFrom = performance.now() + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  let completed = 0;
  let failed = false;
  const loop = async (appender: number) => {
    try {
      while (!failed) {
        await options.appendOne(appender);
        const now = performance.now();
        if (now >= measureUntil) return;
        if (now >= measureFrom) completed += 1;
      }
    } catch (error) {
      // A failing appender ends the run at once rather than after the window.
      failed = true;
      throw error;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: options.appenders }, (_, appender) => loop(appender)));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  const seconds = options.durationMs / 1000;
  return { events: completed, seconds, eventsPerSecond: completed / seconds };
}
