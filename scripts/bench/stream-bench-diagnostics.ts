import { type EventLoopUtilization, monitorEventLoopDelay, type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks';
import { constants } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import type { ProjectionsHandle } from '../../projections/runtime/projection-host';
import type { SlowHead } from './stream-bench-load';

/** What may lengthen the HEAD tail, measured around each HEAD round: projection backlog, GC pauses, event-loop delay, autovacuum. */
export interface HeadRoundDiagnostics {
  /** Events the projections still had to fold when the round started (sum over projections, and the largest). */
  lagAtStart: { total: number; largest: number };
  /** V8's heap when the round started, MiB: the young generation's size (it grows while much survives) and the old generation's use. */
  heapAtStart: { newSpaceMiB: number; oldSpaceUsedMiB: number };
  gc: { major: number; minor: number; majorMs: number; minorMs: number; longestMs: number };
  /** The app's event-loop delay during the round (libuv timer lateness), ms. */
  loopDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  /** Share of the round the event loop was busy. */
  loopUtilization: number;
  /** credit_reservations when the round started: the rows a HEAD's admission scans through (dead ones until vacuumed); null on PGlite. */
  reservationsAtStart: { live: number; dead: number } | null;
  /** Samples (every 250 ms) in which the server ran an autovacuum worker; null on PGlite. */
  autovacuumSamples: { busy: number; of: number } | null;
  slowHeads: number;
  /** Slow HEADs whose time in flight overlapped an app GC pause. */
  slowHeadsDuringGc: number;
}

interface GcPause {
  startMs: number;
  durationMs: number;
  major: boolean;
}

export async function projectionLag(projections: ProjectionsHandle): Promise<{ total: number; largest: number }> {
  const statuses = await projections.status();
  return { total: statuses.reduce((sum, status) => sum + status.lag, 0), largest: Math.max(0, ...statuses.map((status) => status.lag)) };
}

/** Start watching; `finish` takes the round's slow HEADs and returns the figures. */
export async function watchHeadRound(projections: ProjectionsHandle, sql: SqlClient): Promise<{ finish(slow: SlowHead[]): Promise<HeadRoundDiagnostics> }> {
  const lagAtStart = await projectionLag(projections);
  const spaces = getHeapSpaceStatistics();
  const mib = (name: string, field: 'space_size' | 'space_used_size') => (spaces.find((space) => space.space_name === name)?.[field] ?? 0) / 2 ** 20;
  const heapAtStart = { newSpaceMiB: mib('new_space', 'space_size'), oldSpaceUsedMiB: mib('old_space', 'space_used_size') };
  const reservationsAtStart =
    sql.kind === 'postgres'
      ? await sql
          .query<{ live: string; dead: string }>(
            `SELECT n_live_tup AS live, n_dead_tup AS dead FROM pg_stat_user_tables WHERE relname = 'credit_reservations' AND schemaname = current_schema()`,
          )
          .then(({ rows }) => ({ live: Number(rows[0]?.live ?? 0), dead: Number(rows[0]?.dead ?? 0) }))
      : null;
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      pauses.push({ startMs: performance.timeOrigin + entry.startTime, durationMs: entry.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const utilizationBefore: EventLoopUtilization = performance.eventLoopUtilization();
  let samples = 0;
  let busy = 0;
  const sampler =
    sql.kind === 'postgres'
      ? setInterval(() => {
          void sql
            .query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`)
            .then(({ rows }) => {
              samples += 1;
              if (Number(rows[0]!.n) > 0) busy += 1;
            })
            .catch(() => undefined);
        }, 250)
      : undefined;
  return {
    async finish(slow) {
      clearInterval(sampler);
      delay.disable();
      const utilization = performance.eventLoopUtilization(utilizationBefore);
      // Entries of the last moments are delivered asynchronously.
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      const major = pauses.filter((pause) => pause.major);
      const minor = pauses.filter((pause) => !pause.major);
      const sum = (list: GcPause[]) => list.reduce((total, pause) => total + pause.durationMs, 0);
      const duringGc = slow.filter((head) => pauses.some((pause) => pause.startMs < head.sentAtMs + head.latencyMs && pause.startMs + pause.durationMs > head.sentAtMs));
      return {
        lagAtStart,
        heapAtStart,
        reservationsAtStart,
        gc: { major: major.length, minor: minor.length, majorMs: sum(major), minorMs: sum(minor), longestMs: Math.max(0, ...pauses.map((pause) => pause.durationMs)) },
        loopDelay: { p50Ms: delay.percentile(50) / 1e6, p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 },
        loopUtilization: utilization.utilization,
        autovacuumSamples: sampler ? { busy, of: samples } : null,
        slowHeads: slow.length,
        slowHeadsDuringGc: duringGc.length,
      };
    },
  };
}

export function describeHeadRound(diagnostics: HeadRoundDiagnostics): string {
  const { lagAtStart, heapAtStart, reservationsAtStart, gc, loopDelay, autovacuumSamples } = diagnostics;
  return [
    `lag at start ${lagAtStart.total} (largest ${lagAtStart.largest})`,
    `new space ${heapAtStart.newSpaceMiB.toFixed(1)} MiB, old space used ${heapAtStart.oldSpaceUsedMiB.toFixed(0)} MiB`,
    reservationsAtStart ? `credit_reservations ${reservationsAtStart.live} live, ${reservationsAtStart.dead} dead rows` : undefined,
    `GC ${gc.major} major ${gc.majorMs.toFixed(0)} ms, ${gc.minor} minor ${gc.minorMs.toFixed(0)} ms, longest ${gc.longestMs.toFixed(1)} ms`,
    `loop delay p99 ${loopDelay.p99Ms.toFixed(1)} ms max ${loopDelay.maxMs.toFixed(1)} ms, busy ${(diagnostics.loopUtilization * 100).toFixed(0)}%`,
    autovacuumSamples ? `autovacuum in ${autovacuumSamples.busy}/${autovacuumSamples.of} samples` : undefined,
    `${diagnostics.slowHeads} HEADs > 5 ms, ${diagnostics.slowHeadsDuringGc} of them during a GC pause`,
  ]
    .filter(Boolean)
    .join('; ');
}
