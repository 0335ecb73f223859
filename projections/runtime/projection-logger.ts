/** The few logger methods the runtime uses; a pino logger fits. */
export interface ProjectionLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** For tests and scripts that report through their own output. */
export const silentLogger: ProjectionLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
