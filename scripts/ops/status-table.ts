import type { LogVisibility } from '../../projections/runtime/log-visibility';
import type { ProjectionStatus } from '../../projections/runtime/projection-status';
import type { RunnerPresence } from './projection-runners';

/** A projection's status as `npm run projections -- status` prints it. */
export type OperatorStatus = ProjectionStatus & { runner: RunnerPresence };

const headers = ['projection', 'generation', 'position', 'lag', 'state', 'runner', 'dead letters'] as const;
const maxErrorWidth = 100;

/** Every projection's status as a text table, each stall's oldest error, and who holds readers back. */
export function formatStatusTable(statuses: readonly OperatorStatus[], visibility: LogVisibility | null = null): string {
  const rows = statuses.map((status) => [
    status.projection,
    status.generation === null ? '-' : String(status.generation),
    status.position === '' ? '(start)' : status.position,
    status.invisible ? `${status.lag} (+${status.invisible} not visible)` : String(status.lag),
    describeState(status),
    status.runner,
    describeDeadLetters(status),
  ]);
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const table = [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  const errors = statuses
    .filter((status) => status.deadLetters.oldestError !== null)
    .map((status) => {
      const owner = status.deadLetters.oldestGeneration;
      const where = owner ? ` (generation ${owner.generation}, ${owner.state})` : '';
      return `${status.projection}: oldest dead letter at ${status.deadLetters.oldestPosition}: ${truncate(status.deadLetters.oldestError!)}${where}`;
    });
  const idle = statuses.some((status) => status.runner === 'none' && status.state !== 'not-started')
    ? ['', 'runner none: no app or worker follows that projection now; its position moves only while one runs.']
    : [];
  const interrupted = statuses
    .filter((status) => status.state === 'rebuild-interrupted')
    .map((status) => `${status.projection}: generation ${status.rebuild!.generation} is half-built and no rebuild runs; \`npm run replay -- ${status.projection}\` resumes it.`);
  const dryRuns = statuses
    .filter((status) => status.state === 'dry-run-kept')
    .map(
      (status) =>
        `${status.projection}: generation ${status.rebuild!.generation} was rebuilt by --dry-run and kept for comparison; ` +
        `\`npm run replay -- ${status.projection} --compare\` swaps it in, \`--fresh\` drops it.`,
    );
  interrupted.push(...dryRuns);
  return [...table, ...(errors.length > 0 ? ['', ...errors] : []), ...idle, ...(interrupted.length > 0 ? ['', ...interrupted] : []), ...describeVisibility(visibility)].join('\n');
}

function describeState(status: ProjectionStatus): string {
  const parts: string[] = [status.state];
  const { rebuild } = status;
  if (rebuild) {
    const what = rebuild.active
      ? 'building'
      : rebuild.deadLetters > 0
        ? `building${rebuild.dryRun ? ' for a dry run' : ''}, stopped on a dead letter`
        : rebuild.dryRun
          ? 'kept by a dry run, not swapped in'
          : 'half-built, no rebuild running';
    parts.push(`(generation ${rebuild.generation} ${what}, lag ${rebuild.lag})`);
  }
  if (status.builtWithVersion !== null && status.builtWithVersion !== status.codeVersion) {
    parts.push(`(built by v${status.builtWithVersion}, code is v${status.codeVersion})`);
  }
  return parts.join(' ');
}

/** The open dead letters; those of a generation being rebuilt are named, since they do not stall the live one. */
function describeDeadLetters(status: ProjectionStatus): string {
  const { count, live } = status.deadLetters;
  const building = count - live;
  if (building === 0 || !status.rebuild) return String(count);
  return `${count} (${building} in generation ${status.rebuild.generation}, building)`;
}

function describeVisibility(visibility: LogVisibility | null): string[] {
  if (!visibility || (visibility.invisibleEvents === 0 && !visibility.blockingTransaction && !visibility.preparedTransaction)) return [];
  const lines = [''];
  if (visibility.invisibleEvents > 0) {
    const count = visibility.invisibleEvents;
    lines.push(`${count} ${count === 1 ? 'event is' : 'events are'} committed but not yet visible to readers (lag cannot count them yet).`);
  }
  const blocker = visibility.blockingTransaction;
  if (blocker) {
    const details = [blocker.state, blocker.applicationName && `application ${blocker.applicationName}`, blocker.database && `database ${blocker.database}`]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `Readers are held back by the transaction of pid ${blocker.pid}, open for ${blocker.ageSeconds} s${details ? ` (${details})` : ''}` +
        `${blocker.query ? `: ${truncate(blocker.query)}` : ''}.`,
      `End it with SELECT pg_terminate_backend(${blocker.pid}); see docs/operations.md, "A stuck transaction".`,
    );
  }
  const prepared = visibility.preparedTransaction;
  if (prepared) {
    lines.push(
      `Readers are held back by the prepared transaction '${prepared.gid}', prepared ${prepared.preparedAt} (${prepared.ageSeconds} s ago) ` +
        `by ${prepared.owner} in database ${prepared.database}.`,
      `End it, connected to ${prepared.database}, with ROLLBACK PREPARED '${prepared.gid.replaceAll("'", "''")}' (or COMMIT PREPARED); see docs/operations.md, "A stuck transaction".`,
    );
  }
  return lines;
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > maxErrorWidth ? `${oneLine.slice(0, maxErrorWidth - 3)}...` : oneLine;
}
