/** Entry point of a child process that runs one bench section (`runJsonChild`). */
import { type BenchSectionRequest, runBenchSection } from './bench-section';

const request = JSON.parse(process.argv[2] ?? '') as BenchSectionRequest;
const result = await runBenchSection(request);
// A pipe's writes are synchronous, so the JSON is out before the exit; a peer's pool timer must not hang the bench.
process.stdout.write(JSON.stringify(result));
process.exit(0);
