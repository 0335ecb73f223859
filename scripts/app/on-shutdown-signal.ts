import type { Logger } from 'pino';

/** Signals this soon after the first are copies passed on by npm and tsx, not a person asking again. */
export const signalCopyWindowMs = 1_000;

/** Run `shutdown` once on SIGINT or SIGTERM, then exit; a later signal, or `forceAfterMs`, exits at once with 1. */
export function onShutdownSignal(logger: Logger, shutdown: () => Promise<void>, options: { forceAfterMs?: number } = {}): void {
  let firstSignalAt: number | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== undefined) {
      if (performance.now() - firstSignalAt < signalCopyWindowMs) {
        logger.debug(`${signal} again at once: a copy of the same stop (process group, npm or tsx passing it on); still shutting down`);
        return;
      }
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    firstSignalAt = performance.now();
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
