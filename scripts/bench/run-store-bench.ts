import { loadavg } from 'node:os';
import { type AppendBenchResult, runAppendBench } from './append-bench';
import { type TargetCheck, checkTargets } from './bench-targets';
import type { BenchSettings } from './bench-settings';
import type { PgliteLocation } from './bench-sql-client';
import { type MachineInfo, describeMachine } from './machine-info';
import { type RebuildFigure, measureRebuild } from './rebuild-bench';

export interface StoreBenchOptions {
  settings: BenchSettings;
  /** `full` or `quick`, recorded with the results. */
  mode: string;
  only?: 'appends' | 'rebuild';
  pgliteLocation: PgliteLocation;
  /** The PostgreSQL server; PGlite alone when undefined. */
  serverUrl?: string;
  /** Progress lines while measuring. */
  log?: (line: string) => void;
}

/** Everything one bench run measured: the JSON written to bench/results/. */
export interface StoreBenchResult {
  startedAt: string;
  finishedAt: string;
  mode: string;
  settings: BenchSettings;
  machine: MachineInfo & { loadAverageAtEnd: number };
  appends?: AppendBenchResult;
  rebuild?: RebuildFigure[];
  targets: TargetCheck[];
}

/** Run the sections asked for, PGlite first, then the server; every figure is the median of `settings.runs` runs. */
export async function runStoreBench(options: StoreBenchOptions): Promise<StoreBenchResult> {
  const log = options.log ?? (() => undefined);
  const startedAt = new Date().toISOString();
  const machine = await describeMachine(options.serverUrl);
  let appends: AppendBenchResult | undefined;
  let rebuild: RebuildFigure[] | undefined;

  if (options.only !== 'rebuild') {
    appends = await runAppendBench({
      settings: options.settings,
      pgliteLocation: options.pgliteLocation,
      ...(options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl }),
      onFigure: (figure) => log(`appends: ${figure.label}, ${figure.appenders} appenders: ${Math.round(figure.eventsPerSecond.median).toLocaleString('en')} events/s`),
    });
  }
  if (options.only !== 'appends') {
    rebuild = [await measureRebuild({ kind: 'pglite', location: options.pgliteLocation }, options.settings, log)];
    if (options.serverUrl !== undefined) rebuild.push(await measureRebuild({ kind: 'postgres', connectionString: options.serverUrl }, options.settings, log));
  }

  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    mode: options.mode,
    settings: options.settings,
    machine: { ...machine, loadAverageAtEnd: loadavg()[0]! },
    ...(appends ? { appends } : {}),
    ...(rebuild ? { rebuild } : {}),
    targets: checkTargets(appends, rebuild),
  };
}
