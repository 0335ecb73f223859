import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { loadConfig } from '../../config/env';
import { paymentSetup } from './payment-setup';

const deps = (env: NodeJS.ProcessEnv) => ({ config: loadConfig(env, { cwd: '/tmp' }), sql: {} as SqlClient, clock: { now: () => new Date() }, logger: pino({ level: 'silent' }) });

describe('paymentSetup', () => {
  it('uses the local test checkout without Stripe keys, outside production only', () => {
    const local = paymentSetup(deps({}));
    expect(local.provider?.name).toBe('test-checkout');
    expect(local.testCheckout).toBe(local.provider);
    const production = paymentSetup(deps({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://woodshed.example', ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true' }));
    expect(production).toEqual({ provider: undefined, stripe: undefined, testCheckout: undefined });
  });

  it('uses Stripe, and never the test checkout, once the keys are set', () => {
    const stripe = paymentSetup(deps({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }));
    expect(stripe.provider?.name).toBe('stripe');
    expect(stripe.stripe?.webhookSecret).toBe('whsec_abc');
    expect(stripe.testCheckout).toBeUndefined();
  });
});
