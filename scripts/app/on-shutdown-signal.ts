import type { Logger } from 'pino';

/**
 * Run `shutdown` once on the first SIGINT or SIGTERM, then exit (0 when it finished cleanly).
 * A second signal, or `forceAfterMs` without finishing, exits at once with code 1.
 */
export function onShutdownSignal(logger: Logger, shutdown: () => Promise<void>, options: { forceAfterMs?: number } = {}): void {
  let shuttingDown = false;
  const handle = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    shuttingDown = true;
    logger.info(`${signal} received: shutting down`);
    const force = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, options.forceAfterMs ?? 30_000);
    force.unref();
    shutdown().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
