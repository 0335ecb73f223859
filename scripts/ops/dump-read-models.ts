/**
 * `npm run dump-read-models`: write every read model's rows, sorted, to a directory, or compare two
 * such directories: how to tell that a replay by other code gives the same tables
 * (docs/replay-equivalence.md). Reads only; never migrates the database it reads.
 */
import { loadConfigOrExit } from '../app/load-config-or-exit';
import { openOpsSql } from './open-ops-storage';
import { parseCommandLine } from './parse-command-line';
import { compareDumps, dumpReadModels, formatDifferences, readDump, sameLog, writeDump } from './read-model-dump';

const usage = `Usage:
  npm run dump-read-models -- <directory>                 write every read model (one file per table) and the log's fingerprint
  npm run dump-read-models -- --compare <before> <after>  table by table: same, or the rows that differ (exit 1 when any differs)
The database is the app's (DATABASE_URL and DATABASE_SCHEMA, or WOODSHED_DATA_DIR with the app stopped).`;

const { values, positionals } = parseCommandLine({ options: { compare: { type: 'boolean', default: false } }, allowPositionals: true }, usage);

if (values.compare) {
  if (positionals.length !== 2) {
    console.error(usage);
    process.exit(2);
  }
  const [before, after] = await Promise.all(positionals.map((directory) => readDump(directory)));
  const differences = compareDumps(before!, after!);
  console.log(formatDifferences(differences));
  console.log(sameLog(before!, after!) ? '\nBoth dumps were folded from the same log.' : `\nThe logs differ: before ${JSON.stringify(before!.log)}, after ${JSON.stringify(after!.log)}.`);
  process.exitCode = differences.every((difference) => difference.status === 'same') ? 0 : 1;
} else {
  if (positionals.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  const sql = await openOpsSql(loadConfigOrExit(), 'npm run dump-read-models');
  try {
    const dump = await dumpReadModels(sql);
    await writeDump(positionals[0]!, dump);
    const rows = Object.values(dump.tables).reduce((sum, table) => sum + table.rows.length, 0);
    console.log(`${Object.keys(dump.tables).length} read-model tables, ${rows} rows, into ${positionals[0]}; log: ${JSON.stringify(dump.log)}`);
  } finally {
    await sql.close();
  }
}
