import { randomUUID } from 'node:crypto';
import type { SubscriptionPlan } from '../../../events/catalog';
import type { SqlClient, SqlExecutor } from '../../../events/store/postgres/sql-client';
import type { Clock } from '../../clock';
import { type CheckoutSessionObject, type PaymentEvent, metadataKeys } from './payment-event';
import type { PaymentProvider, ProviderSubscription } from './payment-provider';
import { currency, subscriptionPrices } from './prices';

interface SessionRow {
  id: string;
  user_id: number;
  mode: 'payment' | 'subscription';
  plan: SubscriptionPlan | null;
  credits: number | null;
  amount_cents: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
  payment_intent_id: string | null;
  subscription_id: string | null;
}

interface SubscriptionRow {
  id: string;
  user_id: number;
  plan: SubscriptionPlan;
  status: string;
  current_period_start: Date | string;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
  ended_at: Date | string | null;
}

/** A test checkout session as its page shows it. */
export interface TestCheckoutSession {
  id: string;
  userId: number;
  mode: 'payment' | 'subscription';
  plan: SubscriptionPlan | null;
  credits: number | null;
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
}

const toSession = (row: SessionRow): TestCheckoutSession => ({
  id: row.id,
  userId: row.user_id,
  mode: row.mode,
  plan: row.plan,
  credits: row.credits,
  amountCents: row.amount_cents,
  currency: row.currency,
  successUrl: row.success_url,
  cancelUrl: row.cancel_url,
  status: row.status,
});

/** The local test checkout (no Stripe key): paying builds the `checkout.session.completed` event Stripe would send; no money moves. */
export function testCheckoutProvider(deps: { sql: SqlClient; clock: Clock; publicUrl: string }): PaymentProvider & TestCheckout {
  const { sql, clock } = deps;

  async function createSession(fields: Omit<SessionRow, 'id' | 'status' | 'payment_intent_id' | 'subscription_id'>): Promise<{ url: string }> {
    const id = `cs_test_local_${randomUUID().replaceAll('-', '')}`;
    await sql.query(
      `INSERT INTO test_checkout_sessions (id, user_id, mode, plan, credits, amount_cents, currency, success_url, cancel_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, fields.user_id, fields.mode, fields.plan, fields.credits, fields.amount_cents, fields.currency, fields.success_url, fields.cancel_url, clock.now().toISOString()],
    );
    return { url: `${deps.publicUrl}/api/test-checkout/${id}` };
  }

  async function readSubscription(executor: SqlExecutor, id: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await executor.query<SubscriptionRow>(`SELECT * FROM test_checkout_subscriptions WHERE id = $1`, [id]);
    return rows[0];
  }

  return {
    name: 'test-checkout',

    createSubscriptionCheckout({ userId, plan, successUrl, cancelUrl }) {
      const price = subscriptionPrices[plan];
      return createSession({ user_id: userId, mode: 'subscription', plan, credits: null, amount_cents: price.amountCents, currency, success_url: successUrl, cancel_url: cancelUrl });
    },

    createCreditsCheckout({ userId, credits, amountCents, successUrl, cancelUrl }) {
      return createSession({ user_id: userId, mode: 'payment', plan: null, credits, amount_cents: amountCents, currency, success_url: successUrl, cancel_url: cancelUrl });
    },

    async retrieveSubscription(id) {
      const row = await readSubscription(sql, id);
      return row === undefined ? undefined : toProviderSubscription(row);
    },

    async cancelAtPeriodEnd(id) {
      await sql.query(`UPDATE test_checkout_subscriptions SET cancel_at_period_end = true WHERE id = $1`, [id]);
    },

    async checkoutSessionOfPayment(paymentIntentId) {
      const { rows } = await sql.query<SessionRow>(`SELECT * FROM test_checkout_sessions WHERE payment_intent_id = $1`, [paymentIntentId]);
      return rows[0] === undefined ? undefined : toCheckoutSessionObject(rows[0]);
    },

    async findSession(id, userId) {
      const { rows } = await sql.query<SessionRow>(`SELECT * FROM test_checkout_sessions WHERE id = $1 AND user_id = $2`, [id, userId]);
      return rows[0] === undefined ? undefined : toSession(rows[0]);
    },

    async renewDue() {
      const now = clock.now();
      // One transaction, so concurrent renewals renew once; each change keeps its owed event until `eventDelivered`.
      await sql.transaction(async (tx) => {
        const { rows } = await tx.query<SubscriptionRow>(
          `SELECT * FROM test_checkout_subscriptions WHERE status = 'active' AND current_period_end <= $1 ORDER BY current_period_end, id FOR UPDATE`,
          [now.toISOString()],
        );
        for (const row of rows) {
          if (row.cancel_at_period_end) {
            await tx.query(`UPDATE test_checkout_subscriptions SET status = 'canceled', ended_at = current_period_end, undelivered_event = $2::jsonb WHERE id = $1`, [
              row.id,
              JSON.stringify(subscriptionEvent('customer.subscription.deleted', row.id)),
            ]);
            continue;
          }
          // Paid again on each anniversary; a process that was down catches up to the period holding now.
          let start = new Date(row.current_period_end);
          let end = periodEnd(start, row.plan);
          while (end <= now) [start, end] = [end, periodEnd(end, row.plan)];
          const invoicePaid: PaymentEvent = {
            id: newEventId(),
            type: 'invoice.paid',
            data: { object: { id: `in_test_local_${randomUUID().replaceAll('-', '')}`, object: 'invoice', subscription: row.id } },
          };
          await tx.query(
            `UPDATE test_checkout_subscriptions SET current_period_start = $2, current_period_end = $3, undelivered_event = $4::jsonb WHERE id = $1`,
            [row.id, start.toISOString(), end.toISOString(), JSON.stringify(invoicePaid)],
          );
        }
      });
      const { rows } = await sql.query<{ undelivered_event: PaymentEvent | string }>(
        `SELECT undelivered_event FROM test_checkout_subscriptions WHERE undelivered_event IS NOT NULL ORDER BY current_period_end, id`,
      );
      // pg parses jsonb; PGlite may hand it over as text.
      return rows.map((row) => (typeof row.undelivered_event === 'string' ? (JSON.parse(row.undelivered_event) as PaymentEvent) : row.undelivered_event));
    },

    async eventDelivered(subscriptionId, eventId) {
      await sql.query(`UPDATE test_checkout_subscriptions SET undelivered_event = NULL WHERE id = $1 AND undelivered_event->>'id' = $2`, [subscriptionId, eventId]);
    },

    async pay(id, userId) {
      // One transaction: a double click pays once, and a subscription is made with its session.
      const paid = await sql.transaction(async (tx) => {
        const { rows } = await tx.query<SessionRow>(`SELECT * FROM test_checkout_sessions WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
        const row = rows[0];
        if (row === undefined) return undefined;
        if (row.status === 'complete') return row;
        const suffix = row.id.slice('cs_test_local_'.length);
        let subscriptionId: string | null = null;
        if (row.mode === 'subscription' && row.plan !== null) {
          subscriptionId = `sub_test_local_${suffix}`;
          const start = clock.now();
          await tx.query(
            `INSERT INTO test_checkout_subscriptions (id, user_id, plan, status, current_period_start, current_period_end)
             VALUES ($1, $2, $3, 'active', $4, $5)`,
            [subscriptionId, row.user_id, row.plan, start.toISOString(), periodEnd(start, row.plan).toISOString()],
          );
        }
        const paymentIntentId = row.mode === 'payment' ? `pi_test_local_${suffix}` : null;
        const updated = await tx.query<SessionRow>(
          `UPDATE test_checkout_sessions SET status = 'complete', subscription_id = $2, payment_intent_id = $3 WHERE id = $1 RETURNING *`,
          [row.id, subscriptionId, paymentIntentId],
        );
        return updated.rows[0];
      });
      if (paid === undefined) return undefined;
      const event: PaymentEvent = { id: newEventId(), type: 'checkout.session.completed', data: { object: toCheckoutSessionObject(paid) } };
      return { session: toSession(paid), event };
    },
  };
}

/** What the test checkout page does beside the provider's part. */
export interface TestCheckout {
  /** The user's own session; undefined for another user's or an unknown id. */
  findSession(id: string, userId: number): Promise<TestCheckoutSession | undefined>;
  /** Mark the session paid (once) and build the event Stripe would send for it. */
  pay(id: string, userId: number): Promise<{ session: TestCheckoutSession; event: PaymentEvent } | undefined>;
  /** Renew or end each subscription whose period is over, as Stripe would; returns every event the payment handler has not had yet. */
  renewDue(): Promise<PaymentEvent[]>;
  /** The payment handler recorded the subscription's event: it is no longer owed. */
  eventDelivered(subscriptionId: string, eventId: string): Promise<void>;
}

const newEventId = () => `evt_test_local_${randomUUID().replaceAll('-', '')}`;

const subscriptionEvent = (type: 'customer.subscription.deleted', id: string): PaymentEvent => ({ id: newEventId(), type, data: { object: { id, object: 'subscription' } } });

/** The same calendar day a month or a year later, in UTC (Stripe bills on the anniversary). */
function periodEnd(start: Date, plan: SubscriptionPlan): Date {
  const end = new Date(start);
  if (plan === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function toCheckoutSessionObject(row: SessionRow): CheckoutSessionObject {
  const metadata: Record<string, string> = { [metadataKeys.userId]: String(row.user_id), [metadataKeys.purpose]: row.mode === 'payment' ? 'credits' : 'subscription' };
  if (row.credits !== null) metadata[metadataKeys.credits] = String(row.credits);
  if (row.plan !== null) metadata[metadataKeys.plan] = row.plan;
  return {
    id: row.id,
    object: 'checkout.session',
    mode: row.mode,
    payment_status: row.status === 'complete' ? 'paid' : 'unpaid',
    subscription: row.subscription_id,
    payment_intent: row.payment_intent_id,
    amount_total: row.amount_cents,
    currency: row.currency,
    client_reference_id: String(row.user_id),
    metadata,
  };
}

function toProviderSubscription(row: SubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    status: row.status,
    userId: row.user_id,
    plan: row.plan,
    currentPeriodStart: new Date(row.current_period_start).toISOString(),
    currentPeriodEnd: new Date(row.current_period_end).toISOString(),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    endedAt: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    cancellationReason: null,
  };
}
