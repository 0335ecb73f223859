import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { LogLevel } from '../config/env';

/** Paths pino replaces with `[redacted]` wherever they appear one level deep in a log object. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'token',
  '*.token',
  'databaseUrl',
  '*.databaseUrl',
  'kurrentdbUrl',
  '*.kurrentdbUrl',
  'stripeSecretKey',
  '*.stripeSecretKey',
  'authSecret',
  '*.authSecret',
  'sesNotificationsToken',
  '*.sesNotificationsToken',
];

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable lines (pino-pretty) instead of JSON; for a developer's terminal. */
  pretty?: boolean;
  /** Where lines go; default stdout. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

/** The process logger: JSON lines (one object per line), secrets redacted. */
export async function createLogger(options: LoggerOptions): Promise<Logger> {
  const base = { level: options.level, redact: { paths: redactedLogPaths, censor: '[redacted]' } };
  if (options.destination !== undefined) return pino(base, options.destination);
  if (options.pretty) {
    const prettyStream = await loadPrettyStream();
    if (prettyStream !== undefined) return pino(base, prettyStream);
  }
  return pino(base);
}

// pino-pretty is a dev dependency: a production install without it falls back to JSON.
async function loadPrettyStream(): Promise<DestinationStream | undefined> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ colorize: true, sync: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss.l' });
  } catch {
    return undefined;
  }
}
