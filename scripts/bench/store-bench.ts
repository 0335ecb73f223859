/**
 * `npm run bench:store [-- --quick] [-- --only appends|rebuild]`: the event store benchmark
 * (targets in docs/benchmarks.md) — appends/s against a raw-insert floor and the peer (Emmett), and full rebuild speed
 * against a bare read. Tables on stdout, progress on stderr, every raw run in
 * bench/results/store-<timestamp>.json. See docs/benchmarks.md for what each figure means.
 */
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
