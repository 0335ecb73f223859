/**
 * `npm run rebase-positions`: after a restore into another PostgreSQL cluster, make the log readable
 * again (`rebasePositions`). Run it with every app and worker stopped (docs/operations.md).
 */
import { projections } from '../../projections/registry';
import { loadConfigOrExit } from '../app/load-config-or-exit';
import { openOpsSql } from './open-ops-storage';
import { parseCommandLine } from './parse-command-line';
import { findProjectionRunners } from './projection-runners';
import { type RebaseReport, rebasePositions } from './rebase-positions-in-database';

const usage = `Usage:
  npm run rebase-positions            rewrite the log's transaction ids after a restore into another cluster
  npm run rebase-positions -- --force rewrite them even when the log does not need it
Stop every app and worker first.`;

const { values } = parseCommandLine(
  {
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: false,
  },
  usage,
);

const config = loadConfigOrExit();
if (config.kurrentdbUrl !== undefined) {
  console.error('KURRENTDB_URL is set: the log lives in KurrentDB, whose positions do not depend on the PostgreSQL cluster. Nothing to rebase.');
  process.exit(2);
}

const sql = await openOpsSql(config, 'npm run rebase-positions');

try {
  const following = [...(await findProjectionRunners(sql, projections.map((projection) => projection.name)))].filter(([, runner]) => runner === 'active');
  if (following.length > 0) {
    console.error(`An app or worker is running (it follows ${following.map(([name]) => name).join(', ')}). Stop every app and worker, then run this again.`);
    process.exitCode = 1;
  } else {
    const report = await rebasePositions(sql, { force: values.force, onProgress: (message) => console.error(message) });
    console.log(describeReport(report));
  }
} finally {
  await sql.close();
}

function describeReport(report: RebaseReport): string {
  if (report.highestBefore === null) return 'The event log is empty: nothing to rebase.';
  if (!report.rebased) {
    return `Nothing to do: the log's highest transaction id (${report.highestBefore}) is already below this database's next one (${report.nextTxId}).`;
  }
  const count = (value: number) => value.toLocaleString('en');
  return [
    `Rebased the event log (this database's next transaction id was ${report.nextTxId}):`,
    `  events             ${count(report.events)}, highest transaction id ${report.highestBefore} -> ${report.highestAfter}`,
    `  transaction ids    ${count(report.transactionIdsBefore)} -> ${count(report.transactionIdsAfter)} (order kept)`,
    ...(report.idsAdvanced > 0 ? [`  ids used up        ${count(report.idsAdvanced)} (to make room below the current one)`] : []),
    `  streams            ${count(report.streams)} last transaction ids rewritten`,
    `  checkpoints        ${count(report.checkpoints)} projection positions rewritten`,
    `  dead letters       ${count(report.deadLetters)} positions rewritten`,
    ...report.storedPositions.map(({ table, column, rows }) => `  ${`${table}.${column}`.padEnd(18)} ${count(rows)} positions rewritten`),
    `  position epoch     ${report.epoch}: sync clients pull their documents again from the start`,
    'Start the app again.',
  ].join('\n');
}
