import { findProjection, projections } from '../../projections/registry';
import type { Projection } from '../../projections/runtime/projection-definition';

/** The most `--workers` a replay starts. */
export const maxReplayWorkers = 64;

/** The projections `--workers` can rebuild: those whose rows each depend on one owner's events. */
export const partitionableProjections = projections.filter((projection) => projection.partitionedBy === 'owner');

/** `npm run replay`'s options, as `parseArgs` takes them. */
export const replayOptions = {
  all: { type: 'boolean', default: false },
  fresh: { type: 'boolean', default: false },
  compare: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  retry: { type: 'boolean', default: false },
  skip: { type: 'boolean', default: false },
  workers: { type: 'string' },
} as const;

/** The options as parsed: every switch set or not, `--workers` as typed. */
export interface ReplayOptionValues {
  all: boolean;
  fresh: boolean;
  compare: boolean;
  'dry-run': boolean;
  retry: boolean;
  skip: boolean;
  workers?: string | undefined;
}

/** What the command line asks of the replay, or the mistake in it (printed above the usage, exit 2). */
export type ReplayArguments = { targets: Projection[]; workers: number | undefined } | { mistake: string };

/** Reads the projections to rebuild and the workers to use from the parsed command line. */
export function resolveReplayArguments(values: ReplayOptionValues, positionals: readonly string[]): ReplayArguments {
  const targets = resolveTargets(values, positionals);
  if (typeof targets === 'string') return { mistake: targets };
  const workers = resolveWorkers(values, targets);
  return typeof workers === 'string' ? { mistake: workers } : { targets, workers };
}

function resolveTargets(values: ReplayOptionValues, positionals: readonly string[]): Projection[] | string {
  if (values.retry && values.skip) return 'Choose --retry or --skip, not both.';
  if (values.fresh && (values.retry || values.skip)) return '--fresh starts a rebuild over; it does not go with --retry or --skip.';
  if ((values.compare || values['dry-run']) && (values.retry || values.skip)) return '--compare and --dry-run go with a rebuild, not with --retry or --skip.';
  if (values.all) {
    if (positionals.length > 0) return 'Give a projection name or --all, not both.';
    if (values.retry || values.skip) return '--retry and --skip take one projection name.';
    return [...projections];
  }
  if (positionals.length !== 1) return 'Give one projection name, or --all.';
  const projection = findProjection(positionals[0]!);
  return projection ? [projection] : `Unknown projection ${positionals[0]}.`;
}

/** `--workers W`: a whole number of workers for one partitionable projection's rebuild. */
function resolveWorkers(values: ReplayOptionValues, targets: readonly Projection[]): number | undefined | string {
  const given = values.workers;
  if (given === undefined) return undefined;
  if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > maxReplayWorkers) return `--workers takes a whole number from 1 to ${maxReplayWorkers}, not ${JSON.stringify(given)}.`;
  if (values.all || values.retry || values.skip) return '--workers goes with the rebuild of one projection, not with --all, --retry or --skip.';
  const projection = targets[0]!;
  if (projection.partitionedBy !== 'owner') {
    return (
      `${projection.name} is not partitioned by owner: its rows depend on the events of several owners in log order, so one reader rebuilds it ` +
      `(leave out --workers). Partitioned: ${partitionableProjections.map((candidate) => candidate.name).join(', ')}.`
    );
  }
  return Number(given);
}
