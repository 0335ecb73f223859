import path from 'node:path';
import { z } from 'zod';

/** Pino's level names, plus `silent`. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const nodeEnvs = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof nodeEnvs)[number];

/** The process configuration, parsed once at start-up (docs/configuration.md). Holds secrets: log `describeConfig(config)` instead. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** Absolute path of the embedded database and other local files. */
  dataDir: string;
  /** Absolute path of the songs directory the library is scanned from (docs/song-folder-format.md). */
  songsDir: string;
  /** Whether scans detect missing BPM, key and chords from the audio (default on; `false` turns it off). */
  audioAnalysis?: boolean;
  /** Seconds a scan waits for one song folder before reporting it as a problem (default 60). */
  scanSongTimeoutSeconds?: number;
  /** PostgreSQL server for the event store and read models; unset = embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of `public`. */
  databaseSchema?: string;
  /** KurrentDB connection string; set = the event log lives in KurrentDB (scale-out). */
  kurrentdbUrl?: string;
  /** The origin the app is served from (`https://woodshed.example`), no trailing slash. */
  publicUrl: string;
  /** Lower-cased e-mail addresses of the administrators. */
  adminEmails: readonly string[];
  /** The one recipient of a `test` campaign; unset = the first of `adminEmails`, else user id 1. */
  campaignTestRecipient?: string;
  /** Seconds a queued campaign waits before its first batch (CAMPAIGN_START_DELAY_SECONDS; default 60). */
  campaignStartDelaySeconds?: number;
  stripeSecretKey?: string;
  /** The signing secret of the Stripe webhook endpoint (`whsec_...`); set whenever `stripeSecretKey` is. */
  stripeWebhookSecret?: string;
  /** Another Stripe API address (tests' fake Stripe, stripe-mock); default Stripe's own. */
  stripeApiUrl?: string;
  /** Set when e-mail goes out through Amazon SES; otherwise e-mail stays in the local outbox. */
  ses?: { region: string; fromAddress: string; /** Another SES endpoint (tests, VPC endpoints). */ endpoint?: string };
  /** The secret last segment of `POST /api/ses/notifications/<token>` (SNS's SES feedback); unset, 404. */
  sesNotificationsToken?: string;
  /** The one SNS topic whose messages that route accepts (SES_NOTIFICATIONS_TOPIC_ARN); unset, any topic. */
  sesNotificationsTopicArn?: string;
  /** The key sign-in codes, links, sessions and the outbox are keyed with; outside production generated into `<dataDir>/auth-secret` when unset. */
  authSecret?: string;
  /** A bearer token that shows an operator the health check's detail; without it, only admins see it. */
  healthDetailToken?: string;
  /** How many reverse proxies append to X-Forwarded-For; set, `ctx.ip` is what the outermost saw, which the client cannot forge. */
  trustedProxies: number;
}

/** How long a scan waits for one song folder when WOODSHED_SCAN_SONG_TIMEOUT_SECONDS is unset. */
export const defaultScanSongTimeoutSeconds = 60;

/** Thrown by `loadConfig` with every problem of the environment, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Messages never quote the offending value: it may be a secret (a password in DATABASE_URL, a key).
const unsetWhenEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetWhenEmpty, schema.optional());

const urlWithProtocols = (protocols: readonly string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${what} (${protocols.map((p) => `${p}//...`).join(' or ')})` },
  );

const emailSchema = z.email();
// `Woodshed <hello@woodshed.example>` or a bare address.
const senderPattern = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/;

const envSchema = z.object({
  PORT: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^\d+$/, { message: 'must be a whole number between 0 and 65535' })
      .transform(Number)
      .refine((port) => port <= 65535, { message: 'must be a whole number between 0 and 65535' })
      .default(3000),
  ),
  HOST: optional(z.string().regex(/^[A-Za-z0-9.:[\]-]+$/, { message: 'must be a host name or an IP address' })),
  NODE_ENV: z.preprocess(
    unsetWhenEmpty,
    z.enum(nodeEnvs, { message: `must be one of ${nodeEnvs.join(', ')}` }).default('development'),
  ),
  LOG_LEVEL: optional(z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })),
  WOODSHED_DATA_DIR: z.preprocess(unsetWhenEmpty, z.string().default('./data')),
  WOODSHED_SONGS_DIR: z.preprocess(unsetWhenEmpty, z.string().default('./songs')),
  WOODSHED_AUDIO_ANALYSIS: z.preprocess(unsetWhenEmpty, z.enum(['on', 'off'], { message: 'must be on or off' }).default('on')),
  WOODSHED_SCAN_SONG_TIMEOUT_SECONDS: optional(
    z
      .string()
      .regex(/^\d+$/, { message: 'must be a whole number of seconds between 1 and 3600' })
      .transform(Number)
      .refine((seconds) => seconds >= 1 && seconds <= 3600, { message: 'must be a whole number of seconds between 1 and 3600' }),
  ),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'a PostgreSQL URL')),
  DATABASE_SCHEMA: optional(
    z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, {
      message: 'must be a lower-case SQL identifier (letters, digits, underscores; at most 63 characters)',
    }),
  ),
  // Not parsed with URL: a cluster string lists several hosts (kurrentdb+discover://a:2113,b:2113).
  KURRENTDB_URL: optional(
    z.string().regex(/^(kurrentdb|kdb|esdb)(\+discover)?:\/\/\S+$/, {
      message: 'must be a KurrentDB connection string (kurrentdb://... or kurrentdb+discover://...)',
    }),
  ),
  PUBLIC_URL: optional(
    urlWithProtocols(['http:', 'https:'], 'an http(s) origin').refine(
      (value) => {
        const url = new URL(value);
        return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
      },
      { message: 'must be an origin only, without path, query or credentials (https://woodshed.example)' },
    ),
  ),
  // `true` is the usual single proxy (a load balancer); a chain (CDN -> load balancer) gives its length.
  TRUST_PROXY: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(true|false|\d)$/, { message: 'must be false, true (one proxy) or the number of proxies in front of the API (0-9)' })
      .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
      .default(0),
  ),
  ADMIN_EMAILS: optional(z.string()),
  CAMPAIGN_TEST_RECIPIENT: optional(z.string().trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }))),
  CAMPAIGN_START_DELAY_SECONDS: optional(
    z
      .string()
      .regex(/^\d+$/, { message: 'must be a whole number of seconds between 0 and 86400' })
      .transform(Number)
      .refine((seconds) => seconds <= 86_400, { message: 'must be a whole number of seconds between 0 and 86400' }),
  ),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_\w+$/, { message: 'must be a Stripe secret key (sk_... or rk_...)' })),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, { message: 'must be a Stripe webhook signing secret (whsec_...)' })),
  STRIPE_API_URL: optional(urlWithProtocols(['http:', 'https:'], 'an http(s) URL')),
  SES_ENDPOINT: optional(urlWithProtocols(['http:', 'https:'], 'an http(s) URL')),
  SES_NOTIFICATIONS_TOKEN: optional(
    z.string().regex(/^[A-Za-z0-9_-]{32,200}$/, { message: 'must be 32 to 200 letters, digits, - or _ (for example `openssl rand -hex 32`)' }),
  ),
  SES_NOTIFICATIONS_TOPIC_ARN: optional(
    z.string().regex(/^arn:aws[a-z-]*:sns:[a-z]{2}(-[a-z]+)+-\d:\d{12}:[\w-]{1,256}$/, { message: 'must be an SNS topic ARN such as arn:aws:sns:eu-west-1:123456789012:ses-feedback' }),
  ),
  // These two are read for their problems only (loadConfig).
  ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: optional(z.string().trim().toLowerCase().pipe(z.enum(['true', 'false'], { message: 'must be true or false' }))),
  ALLOW_HTTP_IN_PRODUCTION: optional(z.string().trim().toLowerCase().pipe(z.enum(['true', 'false'], { message: 'must be true or false' }))),
  AUTH_SECRET: optional(z.string().min(32, { message: 'must be at least 32 characters (for example `openssl rand -base64 48`)' })),
  HEALTH_DETAIL_TOKEN: optional(z.string().regex(/^[\x21-\x7e]{32,}$/, { message: 'must be at least 32 printable characters without spaces (for example `openssl rand -hex 32`)' })),
  AWS_REGION: optional(z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, { message: 'must be an AWS region such as eu-west-1' })),
  SES_FROM_ADDRESS: optional(
    z.string().refine(
      (value) => {
        const match = senderPattern.exec(value.trim());
        const address = match?.[1] ?? match?.[2];
        return address !== undefined && emailSchema.safeParse(address).success;
      },
      { message: 'must be an e-mail address, optionally with a name: Woodshed <hello@woodshed.example>' },
    ),
  ),
});

type ParsedEnv = z.infer<typeof envSchema>;

/** Parse the environment. Throws `ConfigError` listing every problem at once, not one per restart. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { cwd?: string } = {}): Config {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }

  const adminEmails = parseAdminEmails(env.ADMIN_EMAILS, problems);
  if (unsetWhenEmpty(env.SES_FROM_ADDRESS) !== undefined && unsetWhenEmpty(env.AWS_REGION) === undefined) {
    // AWS_REGION alone is fine: AWS platforms set it for everything; only a sender without a region is a mistake.
    problems.push('AWS_REGION: must be set when SES_FROM_ADDRESS is set (e-mail goes out through SES)');
  }
  if (unsetWhenEmpty(env.STRIPE_SECRET_KEY) !== undefined && unsetWhenEmpty(env.STRIPE_WEBHOOK_SECRET) === undefined) {
    // Without it no webhook can be verified, so paid checkouts would never grant anything.
    problems.push('STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_...; see docs/operations.md)');
  }
  // Judged on the raw NODE_ENV, not the parse: a typo elsewhere (PORT) must not hide this problem.
  if (env.NODE_ENV === 'production' && unsetWhenEmpty(env.AUTH_SECRET) === undefined) {
    // Several API copies must share the key, and a key on a container's disk would die with it.
    problems.push('AUTH_SECRET: must be set in production (at least 32 characters, the same for every API instance)');
  }
  if (env.NODE_ENV === 'production' && unsetWhenEmpty(env.SES_FROM_ADDRESS) === undefined && !consoleEmailAllowed(env)) {
    // Without a provider the outbox prints live sign-in codes and links to stdout, which log collectors keep.
    problems.push(
      'SES_FROM_ADDRESS: must be set in production, with AWS_REGION, or every sign-in code is printed to stdout; ' +
        'set ALLOW_CONSOLE_EMAIL_IN_PRODUCTION=true to run without an e-mail provider anyway',
    );
  }
  if (env.NODE_ENV === 'production' && !isHttpsOrigin(env.PUBLIC_URL) && !optedIn(env.ALLOW_HTTP_IN_PRODUCTION)) {
    // HSTS and the cookie's Secure flag follow PUBLIC_URL's scheme: without https, sessions travel in clear.
    problems.push(
      `PUBLIC_URL: must be set in production to the https:// origin the app is served from ` +
        `(${unsetWhenEmpty(env.PUBLIC_URL) === undefined ? 'it is unset' : 'it is not https'}), or sessions go over plain HTTP without HSTS or Secure cookies; ` +
        'set ALLOW_HTTP_IN_PRODUCTION=true to serve plain HTTP anyway (a local trial)',
    );
  }

  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return toConfig(parsed.data, adminEmails, options.cwd ?? process.cwd());
}

function consoleEmailAllowed(env: NodeJS.ProcessEnv): boolean {
  return optedIn(env.ALLOW_CONSOLE_EMAIL_IN_PRODUCTION);
}

function optedIn(flag: string | undefined): boolean {
  return (flag ?? '').trim().toLowerCase() === 'true';
}

function isHttpsOrigin(raw: string | undefined): boolean {
  try {
    return raw !== undefined && new URL(raw.trim()).protocol === 'https:';
  } catch {
    return false;
  }
}

function parseAdminEmails(raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  entries.forEach((entry, index) => {
    if (!emailSchema.safeParse(entry).success) {
      problems.push(`ADMIN_EMAILS: entry ${index + 1} is not an e-mail address`);
    }
  });
  return [...new Set(entries)];
}

function toConfig(env: ParsedEnv, adminEmails: string[], cwd: string): Config {
  const nodeEnv = env.NODE_ENV;
  return {
    port: env.PORT,
    // Containers need every interface; a laptop should not expose the dev mailbox to the LAN.
    host: env.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    nodeEnv,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    dataDir: path.resolve(cwd, env.WOODSHED_DATA_DIR),
    songsDir: path.resolve(cwd, env.WOODSHED_SONGS_DIR),
    audioAnalysis: env.WOODSHED_AUDIO_ANALYSIS === 'on',
    ...(env.WOODSHED_SCAN_SONG_TIMEOUT_SECONDS !== undefined && { scanSongTimeoutSeconds: env.WOODSHED_SCAN_SONG_TIMEOUT_SECONDS }),
    ...(env.DATABASE_URL !== undefined && { databaseUrl: env.DATABASE_URL }),
    ...(env.DATABASE_SCHEMA !== undefined && { databaseSchema: env.DATABASE_SCHEMA }),
    ...(env.KURRENTDB_URL !== undefined && { kurrentdbUrl: env.KURRENTDB_URL }),
    publicUrl: env.PUBLIC_URL !== undefined ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
    adminEmails,
    ...(env.CAMPAIGN_TEST_RECIPIENT !== undefined && { campaignTestRecipient: env.CAMPAIGN_TEST_RECIPIENT }),
    ...(env.CAMPAIGN_START_DELAY_SECONDS !== undefined && { campaignStartDelaySeconds: env.CAMPAIGN_START_DELAY_SECONDS }),
    ...(env.STRIPE_SECRET_KEY !== undefined && { stripeSecretKey: env.STRIPE_SECRET_KEY }),
    ...(env.STRIPE_WEBHOOK_SECRET !== undefined && { stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET }),
    ...(env.STRIPE_API_URL !== undefined && { stripeApiUrl: env.STRIPE_API_URL }),
    ...(env.SES_FROM_ADDRESS !== undefined &&
      env.AWS_REGION !== undefined && {
        ses: {
          region: env.AWS_REGION,
          fromAddress: env.SES_FROM_ADDRESS.trim(),
          ...(env.SES_ENDPOINT !== undefined && { endpoint: env.SES_ENDPOINT }),
        },
      }),
    ...(env.SES_NOTIFICATIONS_TOKEN !== undefined && { sesNotificationsToken: env.SES_NOTIFICATIONS_TOKEN }),
    ...(env.SES_NOTIFICATIONS_TOPIC_ARN !== undefined && { sesNotificationsTopicArn: env.SES_NOTIFICATIONS_TOPIC_ARN }),
    ...(env.AUTH_SECRET !== undefined && { authSecret: env.AUTH_SECRET }),
    ...(env.HEALTH_DETAIL_TOKEN !== undefined && { healthDetailToken: env.HEALTH_DETAIL_TOKEN }),
    trustedProxies: env.TRUST_PROXY,
  };
}

/** A loggable summary of the configuration: secrets are reduced to whether they are set. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    port: config.port,
    host: config.host,
    nodeEnv: config.nodeEnv,
    logLevel: config.logLevel,
    dataDir: config.dataDir,
    songsDir: config.songsDir,
    audioAnalysis: config.audioAnalysis !== false,
    scanSongTimeoutSeconds: config.scanSongTimeoutSeconds ?? defaultScanSongTimeoutSeconds,
    database: config.databaseUrl !== undefined ? withoutCredentials(config.databaseUrl) : 'embedded (PGlite)',
    databaseSchema: config.databaseSchema ?? 'public',
    eventLog: config.kurrentdbUrl !== undefined ? `kurrentdb ${withoutCredentials(config.kurrentdbUrl)}` : 'postgresql',
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails.length,
    stripe: config.stripeSecretKey !== undefined ? 'configured' : 'local test checkout',
    email: config.ses !== undefined ? `SES ${config.ses.region}` : 'local outbox',
    authSecret: config.authSecret !== undefined ? 'set' : `generated in ${config.dataDir}`,
    healthDetailToken: config.healthDetailToken !== undefined ? 'set' : 'unset',
    sesNotifications: config.sesNotificationsToken !== undefined ? `on${config.sesNotificationsTopicArn !== undefined ? ` (topic ${config.sesNotificationsTopicArn})` : ''}` : 'off',
    trustProxy: config.trustedProxies,
  };
}

/** Scheme, hosts and path of a connection string: user, password and query options dropped. */
function withoutCredentials(connectionString: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(connectionString)?.[0];
  if (scheme === undefined) return '(unparseable)';
  // The last `@` ends the credentials even when a password carries an unescaped `@`.
  const rest = connectionString.slice(scheme.length);
  const hostAndPath = rest.slice(rest.lastIndexOf('@') + 1);
  return scheme + hostAndPath.replace(/[?#].*$/, '');
}
