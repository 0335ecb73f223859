import { type ParseArgsConfig, parseArgs } from 'node:util';

const helpOption = { help: { type: 'boolean', short: 'h', default: false } } as const;

/**
 * `parseArgs` for an operator command: `--help` (`-h`) prints the usage and exits 0; a mistyped
 * option (`--jsno`) prints what is wrong and the usage, then exits 2, instead of Node's stack trace
 * and exit 1.
 */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<ParseArgsConfig>>;
  try {
    parsed = parseArgs({ ...config, options: { ...config.options, ...helpOption } });
  } catch (error) {
    if (!(error instanceof TypeError) || !('code' in error) || typeof error.code !== 'string' || !error.code.startsWith('ERR_PARSE_ARGS_')) throw error;
    // Node's message ends with advice about `--` that does not apply to npm scripts; keep its first sentence.
    console.error(`${error.message.split('. ')[0]!.replace(/\.$/, '')}.\n\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  return parsed as ReturnType<typeof parseArgs<T>>;
}
