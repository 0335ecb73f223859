import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * `parseArgs` for an operator command: a mistyped option (`--jsno`) prints what is wrong and the
 * usage, then exits 2, instead of Node's stack trace and exit 1.
 */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if (!(error instanceof TypeError) || !('code' in error) || typeof error.code !== 'string' || !error.code.startsWith('ERR_PARSE_ARGS_')) throw error;
    // Node's message ends with advice about `--` that does not apply to npm scripts; keep its first sentence.
    console.error(`${error.message.split('. ')[0]!.replace(/\.$/, '')}.\n\n${usage}`);
    process.exit(2);
  }
}
