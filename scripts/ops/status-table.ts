import type { ProjectionStatus } from '../../projections/runtime/projection-status';
import type { RunnerPresence } from './projection-runners';

/** A projection's status as `npm run projections -- status` prints it. */
export type OperatorStatus = ProjectionStatus & { runner: RunnerPresence };

const headers = ['projection', 'generation', 'position', 'lag', 'state', 'runner', 'dead letters'] as const;
const maxErrorWidth = 100;

/** The status of every projection as a plain-text table, with the oldest error of each stalled one below. */
export function formatStatusTable(statuses: readonly OperatorStatus[]): string {
  const rows = statuses.map((status) => [
    status.projection,
    status.generation === null ? '-' : String(status.generation),
    status.position === '' ? '(start)' : status.position,
    String(status.lag),
    describeState(status),
    status.runner,
    String(status.deadLetters.count),
  ]);
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const table = [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  const errors = statuses
    .filter((status) => status.deadLetters.oldestError !== null)
    .map((status) => `${status.projection}: oldest dead letter at ${status.deadLetters.oldestPosition}: ${truncate(status.deadLetters.oldestError!)}`);
  const idle = statuses.some((status) => status.runner === 'none' && status.state !== 'not-started')
    ? ['', 'runner none: no app or worker follows that projection now; its position moves only while one runs.']
    : [];
  return [...table, ...(errors.length > 0 ? ['', ...errors] : []), ...idle].join('\n');
}

function describeState(status: ProjectionStatus): string {
  const parts: string[] = [status.state];
  if (status.rebuild) parts.push(`(generation ${status.rebuild.generation} building, lag ${status.rebuild.lag})`);
  if (status.builtWithVersion !== null && status.builtWithVersion !== status.codeVersion) {
    parts.push(`(built by v${status.builtWithVersion}, code is v${status.codeVersion})`);
  }
  return parts.join(' ');
}

function truncate(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > maxErrorWidth ? `${oneLine.slice(0, maxErrorWidth - 3)}...` : oneLine;
}
