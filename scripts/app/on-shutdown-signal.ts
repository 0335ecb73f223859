import type { Logger } from 'pino';

/**
 * How long after the first stop signal further signals count as copies of it. Ctrl-C, or a
 * SIGTERM to the process group, reaches the app once directly and again from every wrapper that
 * passes signals on to its child (npm does, `tsx` does): those copies come within milliseconds
 * of each other, while a person asking again because the stop hangs does so seconds later.
 */
export const signalCopyWindowMs = 1_000;

/**
 * Run `shutdown` once on the first SIGINT or SIGTERM, then exit (0 when it finished cleanly).
 * A signal within `signalCopyWindowMs` of the first is a copy of it and changes nothing; a later
 * one, or `forceAfterMs` without finishing, exits at once with code 1.
 */
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
