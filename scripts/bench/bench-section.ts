import { type AppendBenchResult, runAppendBench } from './append-bench';
import type { BenchSettings } from './bench-settings';
import type { PgliteLocation } from './bench-sql-client';
import { type RebuildFigure, measureRebuild } from './rebuild-bench';

/** One section of the store bench, as the parent process asks a child to run it. */
export interface BenchSectionRequest {
  section: 'appends' | 'rebuild';
  settings: BenchSettings;
  pgliteLocation: PgliteLocation;
  serverUrl?: string;
  verbose: boolean;
}

export type BenchSectionResult = { section: 'appends'; appends: AppendBenchResult } | { section: 'rebuild'; rebuild: RebuildFigure[] };

/** Run one section in this process: PGlite first, then the server when there is one. */
export async function runBenchSection(request: BenchSectionRequest): Promise<BenchSectionResult> {
  const log = request.verbose ? (line: string) => process.stderr.write(`[bench] ${line}\n`) : () => undefined;
  const { settings, pgliteLocation, serverUrl } = request;
  if (request.section === 'appends') {
    const appends = await runAppendBench({
      settings,
      pgliteLocation,
      ...(serverUrl === undefined ? {} : { serverUrl }),
      onFigure: (figure) => log(`appends: ${figure.label}, ${figure.appenders} appenders: ${Math.round(figure.eventsPerSecond.median).toLocaleString('en')} events/s`),
    });
    return { section: 'appends', appends };
  }
  const rebuild = [await measureRebuild({ kind: 'pglite', location: pgliteLocation }, settings, log)];
  if (serverUrl !== undefined) rebuild.push(await measureRebuild({ kind: 'postgres', connectionString: serverUrl }, settings, log));
  return { section: 'rebuild', rebuild };
}
