import type { AppendBenchResult } from './append-bench';
import type { RebuildFigure } from './rebuild-bench';

/** One target of the store benchmark (docs/benchmarks.md) against the measured median. */
export interface TargetCheck {
  name: string;
  unit: 'events/s' | 'ratio';
  required: number;
  /** Undefined when the figure was not measured (section skipped, server unreachable). */
  measured?: number;
  met?: boolean;
}

/** The store benchmark's targets (docs/benchmarks.md), checked against whatever this run measured. */
export function checkTargets(appends: AppendBenchResult | undefined, rebuild: readonly RebuildFigure[] | undefined): TargetCheck[] {
  const check = (name: string, unit: TargetCheck['unit'], required: number, measured: number | undefined): TargetCheck =>
    measured === undefined ? { name, unit, required } : { name, unit, required, measured, met: measured >= required };
  const checks: TargetCheck[] = [];
  if (appends) {
    const wide = appends.ratios?.appenders;
    const server = appends.figures.find((figure) => figure.label === 'woodshed (server)' && figure.appenders === wide);
    checks.push(check(`appends/s, server, ${wide ?? 64} appenders`, 'events/s', 20_000, server?.eventsPerSecond.median));
    checks.push(check('appends, ours / peer (emmett, default pool)', 'ratio', 1.2, appends.ratios?.oursOverPeer));
  }
  if (rebuild) {
    const server = rebuild.find((figure) => figure.backend === 'server');
    const pglite = rebuild.find((figure) => figure.backend.startsWith('pglite'));
    checks.push(check('rebuild events/s, server', 'events/s', 200_000, server?.rebuild.eventsPerSecond.median));
    checks.push(check('rebuild events/s, pglite', 'events/s', 80_000, pglite?.rebuild.eventsPerSecond.median));
    checks.push(check('rebuild, ours / bare read, server', 'ratio', 0.6, server?.oursOverBare));
    checks.push(check('rebuild, ours / bare read, pglite', 'ratio', 0.6, pglite?.oursOverBare));
  }
  return checks;
}
