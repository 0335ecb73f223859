import { loadavg } from 'node:os';
import type { AppendBenchResult } from './append-bench';
import { type TargetCheck, checkTargets } from './bench-targets';
import type { BenchSettings } from './bench-settings';
import type { PgliteLocation } from './bench-sql-client';
import { type MachineInfo, describeMachine } from './machine-info';
import type { RebuildFigure } from './rebuild-bench';
import type { BenchSectionRequest, BenchSectionResult } from './bench-section';
import { runJsonChild } from './run-json-child';

export interface StoreBenchOptions {
  settings: BenchSettings;
  mode: string;
  only?: 'appends' | 'rebuild';
  pgliteLocation: PgliteLocation;
  /** The PostgreSQL server; PGlite alone when undefined. */
  serverUrl?: string;
  verbose?: boolean;
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

/** Run the sections asked for, each in a process of its own; every figure is the median of `settings.runs` runs. */
export async function runStoreBench(options: StoreBenchOptions): Promise<StoreBenchResult> {
  const startedAt = new Date().toISOString();
  const machine = await describeMachine(options.serverUrl);
  const request = {
    settings: options.settings,
    pgliteLocation: options.pgliteLocation,
    ...(options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl }),
    verbose: options.verbose ?? false,
  };
  const runSection = (section: BenchSectionRequest['section']) =>
    runJsonChild<BenchSectionResult>(new URL('./bench-section-process.ts', import.meta.url), { ...request, section }, `The ${section} section`);
  let appends: AppendBenchResult | undefined;
  let rebuild: RebuildFigure[] | undefined;
  if (options.only !== 'rebuild') {
    const result = await runSection('appends');
    if (result.section === 'appends') appends = result.appends;
  }
  if (options.only !== 'appends') {
    const result = await runSection('rebuild');
    if (result.section === 'rebuild') rebuild = result.rebuild;
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
