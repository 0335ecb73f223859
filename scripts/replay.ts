/**
 * `npm run replay`: rebuild read models blue/green from the whole log (see `usage`). An unfinished
 * rebuild is resumed when this version built it. On PGlite, run it while the app is stopped.
 */
import cliProgress from 'cli-progress';
import { START } from '../events/store/event-store';
import type { Storage } from '../events/store/open-event-store';
import { projections } from '../projections/registry';
import { catchUpLiveGeneration } from '../projections/runtime/catch-up-live-generation';
import { type DeadLetter, retryDeadLetters, skipDeadLetters } from '../projections/runtime/dead-letters';
import { isDryRun, markDryRun } from '../projections/runtime/dry-run-generations';
import { readCheckpoint } from '../projections/runtime/checkpoints';
import { type Generation, findGeneration } from '../projections/runtime/generations';
import type { Projection } from '../projections/runtime/projection-definition';
import { type RebuildOutcome, rebuildProjection } from '../projections/runtime/rebuild';
import { ensureOwnerPartitionIndex, ownerPartitionCount } from '../events/store/postgres/read-log-partition';
import { readPartitionCheckpoints } from '../projections/runtime/partition-checkpoints';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { compareGenerations, formatComparison } from './ops/compare-generations';
import { openOpsStorage } from './ops/open-ops-storage';
import { parseCommandLine } from './ops/parse-command-line';
import { maxReplayWorkers, partitionableProjections, replayOptions, resolveReplayArguments } from './ops/replay-arguments';
import { partitionWorkers } from './ops/partition-workers';
import { findProjectionRebuilds } from './ops/projection-runners';

/** Declared before the top-level code (classes are not hoisted). Thrown by `beforeSwap` on a dry run: the rebuild stops with its generation built and kept. */
class StopBeforeSwap extends Error {
  override readonly name = 'StopBeforeSwap';
  constructor(readonly building: Generation) {
    super(`Dry run: generation ${building.generation} is not swapped in`);
  }
}

const usage = `Usage:
  npm run replay -- <projection>          rebuild one read model blue/green (resumes an unfinished rebuild)
  npm run replay -- --all                 rebuild every read model
  npm run replay -- <projection> --fresh  drop an unfinished rebuild and start over from the first event
  npm run replay -- <projection> --compare  show how the rebuilt read model differs from the live one, then swap
  npm run replay -- <projection> --dry-run  rebuild and show the differences, but keep the live one (no swap)
  npm run replay -- <projection> --retry  fold its failed event again (after a fix)
  npm run replay -- <projection> --skip   skip its failed event (recorded, never silent)
  npm run replay -- <projection> --workers W  fold the log by owner partitions in W worker processes (1-${maxReplayWorkers}),
                                          then catch up and swap as above; resumes each partition from its own checkpoint
Projections: ${projections.map((projection) => projection.name).join(', ')}
Partitioned by owner (--workers): ${partitionableProjections.map((projection) => projection.name).join(', ')}`;

const { values, positionals } = parseCommandLine({ options: replayOptions, allowPositionals: true }, usage);
const resolved = resolveReplayArguments(values, positionals);
if ('mistake' in resolved) {
  console.error(`${resolved.mistake}\n\n${usage}`);
  process.exit(2);
}
const { targets, workers } = resolved;
const config = loadConfigOrExit();
if (workers !== undefined && config.kurrentdbUrl !== undefined) {
  console.error('--workers reads the log by partitions in PostgreSQL; a log in KurrentDB is rebuilt by one reader (leave out --workers).');
  process.exit(2);
}
const storage = await openOpsStorage(config, `npm run replay -- ${process.argv.slice(2).join(' ')}`);

let interrupted = false;
// Set while partition workers run: tells them to finish the page in hand too.
let stopWorkers: (() => void) | undefined;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  stopWorkers?.();
  console.error('\nInterrupted: finishing the page in hand (Ctrl-C again to quit at once).');
});

let exitCode = 0;
// With --all, one projection that does not finish does not hold back the others.
const unfinished: string[] = [];
try {
  for (const projection of targets) {
    const ok =
      values.retry || values.skip ? await resolveDeadLetters(storage, projection) : await rebuild(storage, projection, !values.fresh, values['dry-run']);
    if (!ok) unfinished.push(projection.name);
    if (interrupted) {
      exitCode = 130;
      break;
    }
  }
} finally {
  await storage.close();
}
if (unfinished.length > 0 && exitCode === 0) exitCode = 1;
if (targets.length > 1 && unfinished.length > 0) {
  console.error(`\n${unfinished.length} of ${targets.length} read models did not finish: ${unfinished.join(', ')} (see above).`);
}
process.exit(exitCode);

/** With `dryRun` it compares, stops before the swap and marks the generation as a dry run's. */
async function rebuild({ sql, store }: Storage, projection: Projection, resume: boolean, dryRun: boolean): Promise<boolean> {
  // A look ahead for the progress bar's total and the opening line; the rebuild decides under its lock.
  const unfinished = await findGeneration(sql, projection, 'building');
  const resumable = resume && unfinished?.version === projection.version;
  const from = resumable ? await readCheckpoint(sql, projection.name, unfinished.generation) : START;
  if (unfinished && (await findProjectionRebuilds(sql, [projection.name])).get(projection.name) !== 'active') {
    console.error(
      resumable
        ? `${projection.name}: resuming the unfinished rebuild of generation ${unfinished.generation} from its checkpoint ${from === START ? '(start)' : from}.`
        : `${projection.name}: dropping the unfinished rebuild of generation ${unfinished.generation} ` +
            `(${resume ? `built by version ${unfinished.version}, the code is version ${projection.version}` : 'as --fresh asks'}); starting over from the first event.`,
    );
  }
  if (workers !== undefined) await announcePartitions(sql, projection, unfinished, resumable, workers);
  let total = await store.countAfter(from, { types: projection.eventTypes });
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${projection.name} [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ETA {remaining}`,
      hideCursor: true,
      // Without a terminal (a log file, CI, `docker compose exec -T`), one line every 5 s instead of nothing.
      noTTYOutput: true,
      notTTYSchedule: 5_000,
      // Each line already ends with a newline there; stop() would add an empty one.
      clearOnComplete: !process.stderr.isTTY,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let done = 0;
  const speed = () => Math.round(done / Math.max((performance.now() - started) / 1000, 0.001));
  // Our own estimate: cli-progress prints "NULL"/"Infinity" cut to two letters when it has none.
  const remaining = () => (done >= total ? '0s' : speed() > 0 ? formatSeconds((total - done) / speed()) : '-');
  const progress = () => ({ speed: speed(), remaining: remaining() });
  bar.start(total, 0, progress());
  let outcome: RebuildOutcome | undefined;
  let comparison: string | undefined;
  let keptForDryRun: Generation | undefined;
  const compare = values.compare || dryRun;
  try {
    outcome = await rebuildProjection(sql, store, projection, {
      resume,
      stopped: () => interrupted,
      ...(workers === undefined
        ? {}
        : {
            partitioned: {
              fold: partitionWorkers(sql, projection, workers, () => interrupted, (stop) => (stopWorkers = stop)),
            },
          }),
      ...(compare
        ? {
            beforeSwap: async (building: Generation) => {
              comparison = await describeDifferences(sql, projection, building);
              if (dryRun) throw new StopBeforeSwap(building);
            },
          }
        : {}),
      onProgress: (events) => {
        done += events;
        // Events appended while the rebuild runs are folded too: the total grows with them.
        if (done > total) bar.setTotal((total = done));
        bar.update(done, progress());
      },
    });
  } catch (error) {
    if (!(error instanceof StopBeforeSwap)) throw error;
    keptForDryRun = error.building;
  } finally {
    // A swap folded everything there was: the bar ends full, whatever the count said beforehand.
    if (outcome?.kind === 'swapped' && done < total) bar.setTotal((total = done));
    bar.update(done, progress());
    bar.stop();
  }
  // A generation left building is marked as the dry run's or not, as this replay was.
  const left = outcome?.kind === 'swapped' || outcome?.kind === 'busy' ? undefined : await findGeneration(sql, projection, 'building');
  if (left) await markDryRun(sql, projection.name, left.generation, dryRun);
  const seconds = (performance.now() - started) / 1000;
  if (comparison !== undefined) console.log(comparison);
  if (keptForDryRun) {
    console.log(
      `${projection.name}: dry run, nothing swapped. Generation ${keptForDryRun.generation} is rebuilt and kept; the live generation is unchanged. ` +
        `\`npm run replay -- ${projection.name}\` swaps it in (resuming from its checkpoint), \`--fresh\` drops it.`,
    );
    return true;
  }
  if (!outcome) throw new Error(`Rebuild of ${projection.name} ended without an outcome`);
  switch (outcome.kind) {
    case 'swapped':
      console.log(
        `${projection.name}: generation ${outcome.generation} is live${outcome.previous === undefined ? '' : ` (was ${outcome.previous}, dropped)`}; ` +
          `${outcome.start.kind === 'resumed' ? 'resumed from its checkpoint, ' : ''}` +
          `${outcome.events} events in ${seconds.toFixed(1)} s = ${Math.round(outcome.events / Math.max(seconds, 0.001))} events/s`,
      );
      return true;
    case 'stalled':
      printStall(projection, outcome.deadLetter, `generation ${outcome.generation}, which is being rebuilt (any live generation keeps serving)`);
      return false;
    case 'stopped':
      // Kept, so a long rebuild is not lost to one Ctrl-C: the next replay resumes it.
      console.log(
        `${projection.name}: interrupted after ${outcome.events} events; generation ${outcome.generation} is kept and the live one is unchanged. ` +
          `\`npm run replay -- ${projection.name}\` resumes it, \`--fresh\` drops it and starts over.`,
      );
      return false;
    case 'lock-lost':
      console.error(
        `${projection.name}: the rebuild lost its lock (its database session ended) after ${outcome.events} events and stopped without writing more. ` +
          `Generation ${outcome.generation} is kept: \`npm run replay -- ${projection.name}\` resumes it.`,
      );
      return false;
    case 'busy':
      console.error(`${projection.name}: another process is rebuilding it right now; try again when it is done.`);
      return false;
  }
}

/** What `--workers` will do: fold by partitions (building their index first if need be), or go on in one process. */
async function announcePartitions(sql: Storage['sql'], projection: Projection, unfinished: Generation | undefined, resumable: boolean, count: number): Promise<void> {
  const from = resumable && unfinished ? await readCheckpoint(sql, projection.name, unfinished.generation) : START;
  const partitions = resumable && unfinished ? await readPartitionCheckpoints(sql, { projection: projection.name, generation: unfinished.generation }) : [];
  if (from !== START && partitions.length === 0) {
    console.error(`${projection.name}: generation ${unfinished!.generation} has folded past its partitions (or was begun without --workers); it goes on with one reader.`);
    return;
  }
  const short = partitions.filter((partition) => partition.position !== partition.head).length;
  const where = sql.kind === 'pglite' ? `${count} worker${count === 1 ? '' : 's'} in this process (the embedded database answers one statement at a time)` : `${count} worker process${count === 1 ? '' : 'es'}`;
  console.error(
    partitions.length > 0
      ? `${projection.name}: resuming ${short} of ${partitions.length} owner partitions from their checkpoints, up to ${partitions[0]!.head || '(start)'}, with ${where}.`
      : `${projection.name}: folding the log by ${ownerPartitionCount} owner partitions up to its head with ${where}.`,
  );
  if (await ensureOwnerPartitionIndex(sql)) console.error(`${projection.name}: built the partition index (events by owner partition, in log order).`);
}

/** The live and the rebuilt generation side by side, with the position each has folded up to. */
async function describeDifferences(sql: Storage['sql'], projection: Projection, building: Generation): Promise<string> {
  const live = await findGeneration(sql, projection, 'live');
  const rebuiltAt = await readCheckpoint(sql, projection.name, building.generation);
  const liveAt = live ? await readCheckpoint(sql, projection.name, live.generation) : undefined;
  const heading =
    `${projection.name}: rebuilt generation ${building.generation} (version ${building.version}, at ${rebuiltAt}) against ` +
    (live ? `live generation ${live.generation} (version ${live.version}, at ${liveAt})` : 'no live generation');
  return `${heading}\n${formatComparison(projection.name, await compareGenerations(sql, live, building))}`;
}

async function resolveDeadLetters(storage: Storage, projection: Projection): Promise<boolean> {
  const { sql, store } = storage;
  const resolved = values.skip ? await skipDeadLetters(sql, projection.name) : await retryDeadLetters(sql, projection.name);
  if (resolved.length === 0) {
    console.log(`${projection.name}: no open dead letters.`);
    return true;
  }
  for (const letter of resolved) {
    console.log(
      `${projection.name}: ${values.skip ? 'skipped' : 'retrying'} event ${letter.eventId} (${letter.type}) at ${letter.position} ` +
        `in generation ${letter.generation}, which failed with: ${letter.error}`,
    );
  }
  // Dead letters of a rebuild belong to its unfinished generation: finish that rebuild.
  const building = await findGeneration(sql, projection, 'building');
  if (building && resolved.some((letter) => letter.generation === building.generation)) {
    // A dry run's generation is finished as a dry run: compared, never swapped in from here.
    const dryRun = await isDryRun(sql, projection.name, building.generation);
    if (dryRun) console.log(`${projection.name}: generation ${building.generation} is a dry run's; finishing it as a dry run (compared, not swapped in).`);
    if (!(await rebuild(storage, projection, true, dryRun))) return false;
  }
  const live = await findGeneration(sql, projection, 'live');
  if (!live || !resolved.some((letter) => letter.generation === live.generation)) return true;
  const outcome = await catchUpLiveGeneration(sql, store, projection, { stopped: () => interrupted });
  switch (outcome.kind) {
    case 'caught-up':
      console.log(`${projection.name}: caught up (generation ${live.generation}, position ${outcome.position}).`);
      return true;
    case 'busy':
      console.log(`${projection.name}: a running app or worker holds it and resumes from the checkpoint on its own.`);
      return true;
    case 'stalled':
      printStall(projection, outcome.deadLetter, `generation ${live.generation}`);
      return false;
    case 'outdated':
      console.log(`${projection.name}: the live generation was built by version ${outcome.builtWithVersion}; rebuild it (npm run replay -- ${projection.name}).`);
      return false;
    case 'lost':
    case 'stopped':
      console.log(`${projection.name}: ${outcome.kind} before catching up; the runner resumes from the checkpoint.`);
      return outcome.kind === 'lost';
  }
}

function formatSeconds(seconds: number): string {
  const whole = Math.ceil(seconds);
  return whole < 90 ? `${whole}s` : `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}

function printStall(projection: Projection, letter: DeadLetter, where: string): void {
  console.error(
    `${projection.name}: stalled in ${where} on event ${letter.eventId} (${letter.type}) at ${letter.position}:\n  ${letter.error}\n` +
      `Fix the projection and run \`npm run replay -- ${projection.name} --retry\`, or skip the event with \`--skip\`.`,
  );
}
