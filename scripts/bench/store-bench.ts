/** `npm run bench:store [-- --quick] [-- --only appends|rebuild]`: the event store benchmark (docs/benchmarks.md). */
import { benchDatabaseUrl, serverReachable } from './bench-database';
import { benchUsage, parseBenchOptions } from './bench-options';
import { formatBenchReport } from './bench-report';
import { writeBenchResult } from './bench-result-file';
import { fullSettings, quickSettings } from './bench-settings';
import { runStoreBench } from './run-store-bench';

let options;
try {
  options = parseBenchOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n${benchUsage}`);
  process.exit(2);
}

const log = (line: string) => console.error(`[bench] ${line}`);
const url = benchDatabaseUrl();
const reachable = await serverReachable(url);
if (!reachable) log(`PostgreSQL server at ${new URL(url).host} is not reachable: measuring PGlite only, server figures will show as not measured`);

const result = await runStoreBench({
  settings: options.quick ? quickSettings : fullSettings,
  mode: options.quick ? 'quick' : 'full',
  ...(options.only ? { only: options.only } : {}),
  pgliteLocation: options.pgliteLocation,
  ...(reachable ? { serverUrl: url } : {}),
  verbose: true,
});
console.log(formatBenchReport(result));
const path = await writeBenchResult('store', result);
console.log(`\nRaw runs: ${path}`);
