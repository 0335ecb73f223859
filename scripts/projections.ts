/**
 * `npm run projections -- status`: one line per read model — live generation, checkpoint, lag
 * (events after the checkpoint), state (running / stalled / rebuilding), whether an app or worker
 * is following it (runner) and open dead letters.
 * `--json` prints the same as JSON. Exits 1 when a projection is stalled (for scripts and cron).
 *
 * Embedded mode (no DATABASE_URL): PGlite is one process per data directory, so run this while the
 * app is stopped (the app's own GET /api/health reports the same while it runs).
 */
import { projections } from '../projections/registry';
import { readProjectionStatus } from '../projections/runtime/projection-status';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { openOpsStorage } from './ops/open-ops-storage';
import { parseCommandLine } from './ops/parse-command-line';
import { findProjectionRunners } from './ops/projection-runners';
import { type OperatorStatus, formatStatusTable } from './ops/status-table';

const usage = `Usage:
  npm run projections -- status [--json]`;

const { values, positionals } = parseCommandLine(
  {
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
  },
  usage,
);
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1 || positionals[0] !== 'status') {
  console.error(`${positionals.length === 0 ? 'Give a subcommand.' : `Unknown subcommand ${positionals.join(' ')}.`}\n\n${usage}`);
  process.exit(2);
}

const config = loadConfigOrExit();
const storage = await openOpsStorage(config, 'npm run projections -- status');
try {
  const runners = await findProjectionRunners(storage.sql, projections.map((projection) => projection.name));
  const statuses: OperatorStatus[] = [];
  for (const projection of projections) {
    statuses.push({ ...(await readProjectionStatus(storage.sql, storage.store, projection)), runner: runners.get(projection.name) ?? 'none' });
  }
  console.log(values.json ? JSON.stringify(statuses, null, 2) : formatStatusTable(statuses));
  process.exitCode = statuses.some((status) => status.state === 'stalled') ? 1 : 0;
} finally {
  await storage.close();
}
