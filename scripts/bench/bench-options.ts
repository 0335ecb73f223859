import type { PgliteLocation } from './bench-sql-client';

export interface BenchOptions {
  quick: boolean;
  /** Run one section only; both when undefined. */
  only?: 'appends' | 'rebuild';
  pgliteLocation: PgliteLocation;
}

export const benchUsage = `Usage: npm run bench:store -- [--quick] [--only appends|rebuild] [--pglite temp-dir|memory]
  --quick    fewer events and shorter windows: a smoke run, not figures to quote
  --only     run the appends or the rebuild section alone
  --pglite   where PGlite keeps its data (default temp-dir, like the embedded default's ./data)
The PostgreSQL server is DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.`;

/** Parse the command line; throws a RangeError naming the first bad argument. */
export function parseBenchOptions(args: readonly string[]): BenchOptions {
  const options: BenchOptions = { quick: false, pgliteLocation: 'temp-dir' };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++index];
    if (name === '--quick') options.quick = true;
    else if (name === '--only') {
      const only = value();
      if (only !== 'appends' && only !== 'rebuild') throw new RangeError(`--only takes appends or rebuild, not ${only}`);
      options.only = only;
    } else if (name === '--pglite') {
      const location = value();
      if (location !== 'temp-dir' && location !== 'memory') throw new RangeError(`--pglite takes temp-dir or memory, not ${location}`);
      options.pgliteLocation = location;
    } else throw new RangeError(`Unknown argument ${arg}`);
  }
  return options;
}
