import { defaultPageSize, defaultTrimmedPageSize } from '../../projections/runtime/catch-up';
import type { TargetCheck } from './bench-targets';
import type { RunSummary } from './run-summary';
import type { StoreBenchResult } from './run-store-bench';
import { table } from './text-table';

/** The tables printed to stdout: medians, with min–max and spread as the machine's noise. */
export function formatBenchReport(result: StoreBenchResult): string {
  const { machine } = result;
  const lines = [
    `Woodshed event store benchmark (${result.mode}), ${result.startedAt}`,
    `${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, PGlite ${machine.pglite ?? '?'}, PostgreSQL server ${machine.server ?? 'not measured'}`,
    `load average ${machine.loadAverageAtStart.toFixed(1)} at start, ${machine.loadAverageAtEnd.toFixed(1)} at end; each figure is the median of ${result.settings.runs} runs`,
    '',
  ];

  if (result.appends) {
    const { appends } = result;
    lines.push(
      `Appends: one event per command, exact expected revision, own stream per appender; ${result.settings.appends.durationMs / 1000} s window after ${result.settings.appends.warmupMs / 1000} s warm-up; PGlite in ${appends.pgliteLocation}`,
      table(
        ['target', 'appenders', 'events/s (median)', 'min', 'max', 'spread'],
        appends.figures.map((figure) => [figure.label, String(figure.appenders), ...noise(figure.eventsPerSecond)]),
        2,
      ),
    );
    if (appends.ratios) {
      const { ratios } = appends;
      lines.push(
        `At ${ratios.appenders} appenders on the server: ours / raw INSERT ${ratio(ratios.oursOverRaw)}, ours / peer ${ratio(ratios.oursOverPeer)}, ours / peer with a ${ratios.appenders}-connection pool ${ratio(ratios.oursOverPeerWidePool)}`,
      );
    }
    lines.push('');
  }

  if (result.rebuild) {
    lines.push(
      `Rebuild: ${result.settings.rebuild.events.toLocaleString('en')} StemStreamed events of ${result.settings.rebuild.users.toLocaleString('en')} users folded into usage-bytes-per-user from position 0 (blue/green rebuild, ${result.settings.rebuild.pageSize === undefined ? `the runtime's pages: ${defaultPageSize.toLocaleString('en')} whole events, ${defaultTrimmedPageSize.toLocaleString('en')} trimmed` : `pages of ${result.settings.rebuild.pageSize.toLocaleString('en')}`}); baseline: bare keyset read + JSON parse (pages of ${result.settings.rebuild.barePageSize.toLocaleString('en')})`,
      table(
        ['backend', 'what', 'events/s (median)', 'min', 'max', 'spread', 'ours / bare', 'read model'],
        result.rebuild.flatMap((figure) => [
          [figure.backend, 'runtime rebuild', ...noise(figure.rebuild.eventsPerSecond), ratio(figure.oursOverBare), figure.correct ? 'totals match seed' : 'WRONG'],
          [figure.backend, 'bare keyset read', ...noise(figure.bare.eventsPerSecond), '', ''],
          ...figure.readModels.map((model) => [figure.backend, `rebuild ${model.projection}`, ...noise(model.eventsPerSecond), ratio(model.oursOverBare), 'totals match seed']),
        ]),
        2,
      ),
      '',
    );
  }

  lines.push('Targets (docs/benchmarks.md)', table(['target', 'required', 'measured (median)', 'result'], result.targets.map(targetRow), 2));
  return lines.join('\n');
}

function targetRow(check: TargetCheck): string[] {
  const format = (value: number) => (check.unit === 'ratio' ? ratio(value) : `${rate(value)} events/s`);
  if (check.measured === undefined) return [check.name, `>= ${format(check.required)}`, 'not measured', ''];
  const verdict = check.met ? 'met' : `MISSED by ${Math.round((1 - check.measured / check.required) * 100)}%`;
  return [check.name, `>= ${format(check.required)}`, format(check.measured), verdict];
}

function noise(summary: RunSummary): string[] {
  return [rate(summary.median), rate(summary.min), rate(summary.max), `${Math.round(summary.spread * 100)}%`];
}

function rate(value: number): string {
  return Math.round(value).toLocaleString('en');
}

function ratio(value: number): string {
  return `${value.toFixed(2)}x`;
}
