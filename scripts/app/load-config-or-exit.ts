import { ConfigError, loadConfig } from '../../api/config/env';
import type { Config } from '../../api/config/env';

/** The configuration, or exit with code 1 after printing every problem of the environment. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // No logger yet (its level is part of the configuration): plain stderr.
    console.error(error.message);
    process.exit(1);
  }
}
