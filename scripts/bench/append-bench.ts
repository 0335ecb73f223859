import type { AppendTarget } from './append-target';
import type { BenchSettings } from './bench-settings';
import type { PgliteLocation } from './bench-sql-client';
import { emmettAppendTarget } from './emmett-append-target';
import { rawInsertAppendTarget } from './raw-insert-append-target';
import { type AppendThroughput, runAppenders } from './run-appenders';
import { type RunSummary, summarizeRuns } from './run-summary';
import { woodshedAppendTarget } from './woodshed-append-target';

/** One row of the appends table: a target at one concurrency, every run kept. */
export interface AppendFigure {
  label: string;
  backend: 'pglite' | 'postgres';
  appenders: number;
  eventsPerSecond: RunSummary;
  runs: AppendThroughput[];
}

/** Medians compared at the baseline concurrency on the server. */
export interface AppendRatios {
  appenders: number;
  oursOverRaw: number;
  oursOverPeer: number;
  /** Against the peer given as many connections as it has appenders (its best case here). */
  oursOverPeerWidePool: number;
}

export interface AppendBenchResult {
  pgliteLocation: PgliteLocation;
  figures: AppendFigure[];
  ratios?: AppendRatios;
}

/** Drive `target` with `appenders` concurrent command handlers, `settings.runs` times, a fresh database each run. */
export async function measureAppends(target: AppendTarget, appenders: number, settings: BenchSettings): Promise<AppendFigure> {
  const runs: AppendThroughput[] = [];
  for (let run = 0; run < settings.runs; run++) {
    const opened = await target.open(appenders);
    try {
      runs.push(await runAppenders({ appenders, warmupMs: settings.appends.warmupMs, durationMs: settings.appends.durationMs, appendOne: opened.appendOne }));
    } finally {
      await opened.close();
    }
  }
  return {
    label: target.label,
    backend: target.backend,
    appenders,
    eventsPerSecond: summarizeRuns(runs.map((run) => run.eventsPerSecond)),
    runs,
  };
}

/** Woodshed's store at each concurrency on PGlite and the server, then the raw-insert baseline and the peer. */
export async function runAppendBench(options: {
  settings: BenchSettings;
  pgliteLocation: PgliteLocation;
  serverUrl?: string;
  onFigure?: (figure: AppendFigure) => void;
}): Promise<AppendBenchResult> {
  const { settings, serverUrl } = options;
  const figures: AppendFigure[] = [];
  const measure = async (target: AppendTarget, appenders: number) => {
    const figure = await measureAppends(target, appenders, settings);
    figures.push(figure);
    options.onFigure?.(figure);
    return figure;
  };

  const pglite = woodshedAppendTarget({ kind: 'pglite', location: options.pgliteLocation });
  for (const appenders of settings.appends.concurrency) await measure(pglite, appenders);
  if (serverUrl === undefined) return { pgliteLocation: options.pgliteLocation, figures };

  const server = woodshedAppendTarget({ kind: 'postgres', connectionString: serverUrl });
  for (const appenders of settings.appends.concurrency) await measure(server, appenders);
  const wide = settings.appends.baselineConcurrency;
  const ours = figures.find((figure) => figure.label === server.label && figure.appenders === wide) ?? (await measure(server, wide));
  const raw = await measure(rawInsertAppendTarget(serverUrl), wide);
  const peer = await measure(emmettAppendTarget(serverUrl), wide);
  const peerWidePool = await measure(emmettAppendTarget(serverUrl, wide), wide);
  const oursMedian = ours.eventsPerSecond.median;
  return {
    pgliteLocation: options.pgliteLocation,
    figures,
    ratios: {
      appenders: wide,
      oursOverRaw: oursMedian / raw.eventsPerSecond.median,
      oursOverPeer: oursMedian / peer.eventsPerSecond.median,
      oursOverPeerWidePool: oursMedian / peerWidePool.eventsPerSecond.median,
    },
  };
}
