import { type ParseArgsConfig, parseArgs } from 'node:util';

const helpOption = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** `parseArgs` with `--help` (exit 0), and a mistyped option printing the usage (exit 2) instead of a stack trace. */
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
