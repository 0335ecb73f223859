import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './env';

const cwd = '/srv/woodshed';
const production = { NODE_ENV: 'production', AUTH_SECRET: 'a-production-secret-of-at-least-32-chars', PUBLIC_URL: 'https://woodshed.example' };
const noHttps = (why: string) =>
  `PUBLIC_URL: must be set in production to the https:// origin the app is served from (${why}), or sessions go over plain HTTP without HSTS or Secure cookies; ` +
  'set ALLOW_HTTP_IN_PRODUCTION=true to serve plain HTTP anyway (a local trial)';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env, { cwd });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to throw ConfigError');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({}, { cwd })).toEqual({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      logLevel: 'info',
      dataDir: path.join(cwd, 'data'),
      songsDir: path.join(cwd, 'songs'),
      audioAnalysis: true,
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      trustedProxies: 0,
    });
  });

  it('binds every interface in production', () => {
    expect(loadConfig({ ...production, ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true' }, { cwd }).host).toBe('0.0.0.0');
  });

  it('refuses production without an https PUBLIC_URL unless plain HTTP is allowed explicitly', () => {
    const allowed = { ...production, ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true' };
    expect(problemsOf({ ...allowed, PUBLIC_URL: undefined })).toEqual([noHttps('it is unset')]);
    expect(problemsOf({ ...allowed, PUBLIC_URL: ' ' })).toEqual([noHttps('it is unset')]);
    expect(problemsOf({ ...allowed, PUBLIC_URL: 'http://woodshed.example' })).toEqual([noHttps('it is not https')]);
    expect(problemsOf({ ...allowed, PUBLIC_URL: 'http://woodshed.example', ALLOW_HTTP_IN_PRODUCTION: 'false' })).toEqual([noHttps('it is not https')]);
    expect(problemsOf({ ...allowed, PUBLIC_URL: undefined, ALLOW_HTTP_IN_PRODUCTION: 'yes' })).toEqual([
      'ALLOW_HTTP_IN_PRODUCTION: must be true or false',
      noHttps('it is unset'),
    ]);
    expect(loadConfig({ ...allowed, PUBLIC_URL: 'http://localhost:3000', ALLOW_HTTP_IN_PRODUCTION: ' TRUE ' }, { cwd }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...allowed, PUBLIC_URL: undefined, ALLOW_HTTP_IN_PRODUCTION: 'true' }, { cwd }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig(allowed, { cwd }).publicUrl).toBe('https://woodshed.example');
    // Outside production plain HTTP on localhost is the default.
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' }, { cwd }).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses production without an e-mail provider unless the console outbox is allowed explicitly', () => {
    const noProvider =
      'SES_FROM_ADDRESS: must be set in production, with AWS_REGION, or every sign-in code is printed to stdout; ' +
      'set ALLOW_CONSOLE_EMAIL_IN_PRODUCTION=true to run without an e-mail provider anyway';
    expect(problemsOf(production)).toEqual([noProvider]);
    expect(problemsOf({ ...production, ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'false' })).toEqual([noProvider]);
    expect(problemsOf({ ...production, ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'yes' })).toEqual([
      'ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: must be true or false',
      noProvider,
    ]);
    // Beside the other problems, not instead of them.
    expect(problemsOf({ NODE_ENV: 'production', PORT: 'http' })).toEqual([
      'PORT: must be a whole number between 0 and 65535',
      'AUTH_SECRET: must be set in production (at least 32 characters, the same for every API instance)',
      noProvider,
      noHttps('it is unset'),
    ]);
    // A sender without a region is reported once, as the region it lacks.
    expect(problemsOf({ ...production, SES_FROM_ADDRESS: 'hello@woodshed.example' })).toEqual([
      'AWS_REGION: must be set when SES_FROM_ADDRESS is set (e-mail goes out through SES)',
    ]);
    expect(loadConfig({ ...production, ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: ' TRUE ' }, { cwd }).ses).toBeUndefined();
    expect(loadConfig({ ...production, AWS_REGION: 'eu-west-1', SES_FROM_ADDRESS: 'hello@woodshed.example' }, { cwd }).ses).toEqual({
      region: 'eu-west-1',
      fromAddress: 'hello@woodshed.example',
    });
    // Outside production the console outbox is the default and needs no permission.
    expect(loadConfig({ NODE_ENV: 'development' }, { cwd }).ses).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }, { cwd }).ses).toBeUndefined();
  });

  it('reads a full server environment', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '::',
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        WOODSHED_DATA_DIR: '/var/lib/woodshed',
        WOODSHED_SONGS_DIR: '/srv/songs',
        WOODSHED_AUDIO_ANALYSIS: 'off',
        WOODSHED_SCAN_SONG_TIMEOUT_SECONDS: '15',
        DATABASE_URL: 'postgres://woodshed:s3cret@db.internal:5432/woodshed',
        DATABASE_SCHEMA: 'woodshed_prod',
        KURRENTDB_URL: 'kurrentdb+discover://admin:changeit@node1:2113,node2:2113?tls=true',
        PUBLIC_URL: 'https://woodshed.example/',
        ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,,ada@example.com',
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        AWS_REGION: 'eu-west-1',
        SES_FROM_ADDRESS: 'Woodshed <hello@woodshed.example>',
        SES_ENDPOINT: 'https://email.eu-west-1.amazonaws.com',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        TRUST_PROXY: 'true',
      },
      { cwd },
    );
    expect(config).toEqual({
      port: 8080,
      host: '::',
      nodeEnv: 'production',
      logLevel: 'debug',
      dataDir: '/var/lib/woodshed',
      songsDir: '/srv/songs',
      audioAnalysis: false,
      scanSongTimeoutSeconds: 15,
      databaseUrl: 'postgres://woodshed:s3cret@db.internal:5432/woodshed',
      databaseSchema: 'woodshed_prod',
      kurrentdbUrl: 'kurrentdb+discover://admin:changeit@node1:2113,node2:2113?tls=true',
      publicUrl: 'https://woodshed.example',
      adminEmails: ['ada@example.com', 'bob@example.com'],
      stripeSecretKey: 'sk_test_abc123',
      stripeWebhookSecret: 'whsec_abc123',
      ses: { region: 'eu-west-1', fromAddress: 'Woodshed <hello@woodshed.example>', endpoint: 'https://email.eu-west-1.amazonaws.com' },
      authSecret: 'a-production-secret-of-at-least-32-chars',
      trustedProxies: 1,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', STRIPE_SECRET_KEY: '' }, { cwd })).toMatchObject({ port: 3000 });
    expect(loadConfig({ DATABASE_URL: '' }, { cwd }).databaseUrl).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '4100' }, { cwd }).publicUrl).toBe('http://localhost:4100');
  });

  it('lists every problem at once, without quoting secret values', () => {
    const env = {
      PORT: 'eighty',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root:hunter2@db/woodshed',
      DATABASE_SCHEMA: 'Bad-Schema',
      KURRENTDB_URL: 'http://kurrent:2113',
      PUBLIC_URL: 'https://woodshed.example/app',
      TRUST_PROXY: 'yes',
      ADMIN_EMAILS: 'ada@example.com, not-an-email',
      STRIPE_SECRET_KEY: 'pk_live_topsecret',
      SES_FROM_ADDRESS: 'hello@woodshed.example',
    };
    const problems = problemsOf(env);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'NODE_ENV',
      'LOG_LEVEL',
      'DATABASE_URL',
      'DATABASE_SCHEMA',
      'KURRENTDB_URL',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'STRIPE_SECRET_KEY',
      'ADMIN_EMAILS',
      'AWS_REGION',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems.find((p) => p.startsWith('ADMIN_EMAILS'))).toBe('ADMIN_EMAILS: entry 2 is not an e-mail address');
    const message = (() => {
      try {
        loadConfig(env, { cwd });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Invalid environment \(12 problems\):\n {2}- PORT: /);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('topsecret');
  });

  it('rejects a per-song scan timeout that is not 1 to 3600 seconds', () => {
    const message = 'WOODSHED_SCAN_SONG_TIMEOUT_SECONDS: must be a whole number of seconds between 1 and 3600';
    expect(problemsOf({ WOODSHED_SCAN_SONG_TIMEOUT_SECONDS: '0' })).toEqual([message]);
    expect(problemsOf({ WOODSHED_SCAN_SONG_TIMEOUT_SECONDS: '1.5' })).toEqual([message]);
    expect(loadConfig({ WOODSHED_SCAN_SONG_TIMEOUT_SECONDS: '3600' }, { cwd }).scanSongTimeoutSeconds).toBe(3600);
  });

  it('rejects ports out of range and a sender without a region', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be a whole number between 0 and 65535']);
    expect(problemsOf({ SES_FROM_ADDRESS: 'not an address' })).toEqual([
      'SES_FROM_ADDRESS: must be an e-mail address, optionally with a name: Woodshed <hello@woodshed.example>',
      'AWS_REGION: must be set when SES_FROM_ADDRESS is set (e-mail goes out through SES)',
    ]);
  });

  it('requires a long AUTH_SECRET in production only', () => {
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://woodshed.example', ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true' })).toEqual([
      'AUTH_SECRET: must be set in production (at least 32 characters, the same for every API instance)',
    ]);
    expect(problemsOf({ AUTH_SECRET: 'short-and-secret' })).toEqual([
      'AUTH_SECRET: must be at least 32 characters (for example `openssl rand -base64 48`)',
    ]);
    expect(loadConfig({}, { cwd }).authSecret).toBeUndefined();
  });

  it('takes an optional HEALTH_DETAIL_TOKEN of at least 32 printable characters, never quoting it', () => {
    expect(loadConfig({}, { cwd }).healthDetailToken).toBeUndefined();
    expect(loadConfig({ HEALTH_DETAIL_TOKEN: 'h'.repeat(32) }, { cwd }).healthDetailToken).toBe('h'.repeat(32));
    for (const bad of ['too-short', `${'h'.repeat(32)} with spaces`]) {
      expect(problemsOf({ HEALTH_DETAIL_TOKEN: bad })).toEqual([
        'HEALTH_DETAIL_TOKEN: must be at least 32 printable characters without spaces (for example `openssl rand -hex 32`)',
      ]);
    }
  });

  it('takes an optional SES_NOTIFICATIONS_TOKEN of at least 32 URL-safe characters and topic ARN, never quoting them', () => {
    expect(loadConfig({}, { cwd }).sesNotificationsToken).toBeUndefined();
    const arn = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';
    const config = loadConfig({ SES_NOTIFICATIONS_TOKEN: 's'.repeat(32), SES_NOTIFICATIONS_TOPIC_ARN: arn }, { cwd });
    expect([config.sesNotificationsToken, config.sesNotificationsTopicArn]).toEqual(['s'.repeat(32), arn]);
    for (const bad of ['too-short', `${'s'.repeat(32)}/x`, `${'s'.repeat(32)}?`]) {
      expect(problemsOf({ SES_NOTIFICATIONS_TOKEN: bad })).toEqual(['SES_NOTIFICATIONS_TOKEN: must be 32 to 200 letters, digits, - or _ (for example `openssl rand -hex 32`)']);
    }
    expect(problemsOf({ SES_NOTIFICATIONS_TOPIC_ARN: 'ses-feedback' })).toEqual([
      'SES_NOTIFICATIONS_TOPIC_ARN: must be an SNS topic ARN such as arn:aws:sns:eu-west-1:123456789012:ses-feedback',
    ]);
  });

  it('lists the missing AUTH_SECRET of production beside the other problems', () => {
    expect(problemsOf({ NODE_ENV: 'production', PORT: 'http', PUBLIC_URL: 'https://woodshed.example', ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true' })).toEqual([
      'PORT: must be a whole number between 0 and 65535',
      'AUTH_SECRET: must be set in production (at least 32 characters, the same for every API instance)',
    ]);
  });

  it('reads TRUST_PROXY as off, one proxy or a chain of proxies', () => {
    const trusted = (value: string) => loadConfig({ TRUST_PROXY: value }, { cwd }).trustedProxies;
    expect([trusted(''), trusted('false'), trusted('0'), trusted('TRUE'), trusted(' true '), trusted('1'), trusted('2')]).toEqual([0, 0, 0, 1, 1, 1, 2]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1' })).toEqual([
      'TRUST_PROXY: must be false, true (one proxy) or the number of proxies in front of the API (0-9)',
    ]);
  });

  it('requires the webhook signing secret with a Stripe key, since no payment could be granted without it', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_...; see docs/operations.md)',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'not-a-secret' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret (whsec_...)',
    ]);
    expect(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' }, { cwd }).stripeApiUrl).toBe('http://127.0.0.1:12111');
  });

  it('leaves SES off when only AWS_REGION is set (AWS platforms set it for everything)', () => {
    expect(loadConfig({ AWS_REGION: 'us-east-1' }, { cwd }).ses).toBeUndefined();
  });
});

describe('describeConfig', () => {
  it('never contains secrets', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgresql://woodshed:p%40ss@db.internal:5432/woodshed?sslmode=require',
        KURRENTDB_URL: 'kurrentdb://admin:changeit@kurrent:2113?tls=false',
        STRIPE_SECRET_KEY: 'sk_live_verysecret',
        STRIPE_WEBHOOK_SECRET: 'whsec_signingsecret',
        AUTH_SECRET: 'an-auth-secret-nobody-may-ever-read',
      },
      { cwd },
    );
    const described = JSON.stringify(describeConfig(config));
    expect(described).toContain('postgresql://db.internal:5432/woodshed');
    expect(described).toContain('kurrentdb://kurrent:2113');
    for (const secret of ['p%40ss', 'changeit', 'verysecret', 'signingsecret', 'sslmode', 'nobody-may-ever-read']) expect(described).not.toContain(secret);
  });
});
