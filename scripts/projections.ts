// `npm run projections -- status`: one line per read model; exits 1 when something is stalled or held back.
import { projections } from '../projections/registry';
import { readLogVisibility } from '../projections/runtime/log-visibility';
import { readProjectionStatus } from '../projections/runtime/projection-status';
import { loadConfigOrExit } from './app/load-config-or-exit';
import { openOpsStorage } from './ops/open-ops-storage';
import { parseCommandLine } from './ops/parse-command-line';
import { findProjectionRunners } from './ops/projection-runners';
import { type OperatorStatus, formatStatusTable } from './ops/status-table';

const usage = `Usage:
  npm run projections -- status [--json] [--blocked-after <seconds>]`;

const { values, positionals } = parseCommandLine(
  {
    options: {
      json: { type: 'boolean', default: false },
      'blocked-after': { type: 'string', default: '10' },
    },
    allowPositionals: true,
  },
  usage,
);
if (positionals.length !== 1 || positionals[0] !== 'status') {
  console.error(`${positionals.length === 0 ? 'Give a subcommand.' : `Unknown subcommand ${positionals.join(' ')}.`}\n\n${usage}`);
  process.exit(2);
}
const blockedAfterSeconds = Number(values['blocked-after']);
if (!Number.isFinite(blockedAfterSeconds) || blockedAfterSeconds < 0) {
  console.error(`--blocked-after takes a number of seconds, not ${values['blocked-after']}.\n\n${usage}`);
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
  const log = await readLogVisibility(storage.sql, storage.store, { blockingAfterMs: blockedAfterSeconds * 1000 });
  console.log(values.json ? JSON.stringify({ log, projections: statuses }, null, 2) : formatStatusTable(statuses, log));
  const stalled = statuses.some((status) => status.state === 'stalled' || status.state === 'rebuild-stalled');
  process.exitCode = stalled || log?.blockingTransaction || log?.preparedTransaction ? 1 : 0;
} finally {
  await storage.close();
}
