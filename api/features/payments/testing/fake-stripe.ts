import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Stripe object as the fake keeps it: plain JSON, in Stripe's shape (API version of the pinned SDK). */
type StripeObject = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as flat keys (`metadata[woodshed_user_id]`). */
  form: Record<string, string>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_URL. */
  url: string;
  /** Every API call the SDK made, oldest first. */
  requests: FakeStripeRequest[];
  session(id: string): StripeObject;
  /** Every customer created, oldest first. */
  customers(): StripeObject[];
  subscription(id: string): StripeObject;
  /** The customer finished the hosted checkout: pays (or not), and makes the subscription a paid subscription checkout creates. */
  completeCheckout(sessionId: string, outcome: { paid: boolean }): StripeObject;
  /** Change a subscription as Stripe would (a renewal, a cancellation, ...). */
  updateSubscription(id: string, patch: { status?: string; cancelAtPeriodEnd?: boolean; periodStart?: Date; periodEnd?: Date; endedAt?: Date; cancellationReason?: string }): StripeObject;
  /** A charge of a paid payment-mode session, refunded in full or in part. */
  refundCharge(sessionId: string, outcome: { full: boolean }): StripeObject;
  /** A webhook event (JSON text as Stripe sends it) carrying `object` as it is now. */
  event(type: string, object: StripeObject): { id: string; payload: string };
  close(): Promise<void>;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const suffix = () => randomUUID().replaceAll('-', '').slice(0, 24);

/**
 * A stand-in for Stripe's HTTP API, so the real SDK is exercised: checkout sessions, customers
 * (honouring Idempotency-Key) and subscriptions, in memory; tests move the state with its methods.
 */
export async function startFakeStripe(options: { now?: () => Date } = {}): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const customersByIdempotencyKey = new Map<string, StripeObject>();
  const requests: FakeStripeRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : text));
    requests.push({ method: req.method ?? '', path: url.pathname, form });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${suffix()}` });
      res.end(JSON.stringify(body));
    };
    const missing = (what: string) => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      send(200, createSession(form));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const data = [...sessions.values()].filter((session) => form.payment_intent === undefined || session.payment_intent === form.payment_intent);
      send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const key = req.headers['idempotency-key'];
      const replayed = typeof key === 'string' ? customersByIdempotencyKey.get(key) : undefined;
      if (replayed) return send(200, replayed);
      const customer = createCustomer(form);
      if (typeof key === 'string') customersByIdempotencyKey.set(key, customer);
      send(200, customer);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/customers') {
      const data = [...customers.values()].filter((customer) => form.email === undefined || customer.email === form.email);
      send(200, { object: 'list', data, has_more: false, url: '/v1/customers' });
      return;
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return missing('subscription');
      if (req.method === 'POST' && form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
      send(200, subscription);
      return;
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  };

  function createCustomer(form: Record<string, string>): StripeObject {
    const id = `cus_${suffix()}`;
    const customer: StripeObject = { id, object: 'customer', email: form.email ?? null, metadata: metadataOf(form), created: seconds(now()) };
    customers.set(id, customer);
    return customer;
  }

  function metadataOf(form: Record<string, string>): Record<string, string> {
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      const match = /^metadata\[(\w+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    return metadata;
  }

  function createSession(form: Record<string, string>): StripeObject {
    const id = `cs_test_${suffix()}`;
    const metadata = metadataOf(form);
    const unitAmount = Number(form['line_items[0][price_data][unit_amount]'] ?? 0);
    const quantity = Number(form['line_items[0][quantity]'] ?? 1);
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: form.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unitAmount * quantity,
      currency: form['line_items[0][price_data][currency]'] ?? 'usd',
      client_reference_id: form.client_reference_id ?? null,
      customer: form.customer ?? null,
      customer_email: form.customer_email ?? null,
      metadata,
      subscription: null,
      payment_intent: null,
      invoice: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      // What the subscription will be made with, kept for completeCheckout.
      _recurringInterval: form['line_items[0][price_data][recurring][interval]'] ?? null,
      _subscriptionMetadata: Object.fromEntries(
        Object.entries(form).flatMap(([key, value]) => {
          const match = /^subscription_data\[metadata\]\[(\w+)\]$/.exec(key);
          return match ? [[match[1]!, value]] : [];
        }),
      ),
    };
    sessions.set(id, session);
    return publicView(session);
  }

  const publicView = (object: StripeObject) => Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_')));

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = <T>(map: Map<string, T>, id: string, what: string): T => {
    const found = map.get(id);
    if (found === undefined) throw new Error(`fake Stripe: no ${what} ${id}`);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    session: (id) => publicView(get(sessions, id, 'session')),
    customers: () => [...customers.values()],
    subscription: (id) => get(subscriptions, id, 'subscription'),

    completeCheckout(sessionId, { paid }) {
      const session = get(sessions, sessionId, 'session');
      session.status = 'complete';
      session.payment_status = paid ? 'paid' : 'unpaid';
      if (session.mode === 'subscription') {
        const id = `sub_${suffix()}`;
        const start = now();
        const end = new Date(start);
        if (session._recurringInterval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
        else end.setUTCMonth(end.getUTCMonth() + 1);
        subscriptions.set(id, {
          id,
          object: 'subscription',
          status: paid ? 'active' : 'incomplete',
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          cancellation_details: { reason: null },
          metadata: session._subscriptionMetadata,
          items: {
            object: 'list',
            data: [
              {
                id: `si_${suffix()}`,
                object: 'subscription_item',
                current_period_start: seconds(start),
                current_period_end: seconds(end),
                price: { id: `price_${suffix()}`, object: 'price', recurring: { interval: session._recurringInterval ?? 'month' } },
              },
            ],
          },
        });
        session.subscription = id;
      } else {
        session.payment_intent = `pi_${suffix()}`;
      }
      return publicView(session);
    },

    updateSubscription(id, patch) {
      const subscription = get(subscriptions, id, 'subscription');
      const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
      if (patch.status !== undefined) subscription.status = patch.status;
      if (patch.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = patch.cancelAtPeriodEnd;
      if (patch.periodStart !== undefined) item.current_period_start = seconds(patch.periodStart);
      if (patch.periodEnd !== undefined) item.current_period_end = seconds(patch.periodEnd);
      if (patch.endedAt !== undefined) subscription.ended_at = seconds(patch.endedAt);
      if (patch.cancellationReason !== undefined) subscription.cancellation_details = { reason: patch.cancellationReason };
      return structuredClone(subscription);
    },

    refundCharge(sessionId, { full }) {
      const session = get(sessions, sessionId, 'session');
      const amount = Number(session.amount_total);
      return { id: `ch_${suffix()}`, object: 'charge', payment_intent: session.payment_intent, amount, amount_refunded: full ? amount : Math.floor(amount / 2), refunded: full };
    },

    event(type, object) {
      const id = `evt_${suffix()}`;
      const event = { id, object: 'event', api_version: '2026-10-28.endive', created: seconds(now()), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
      return { id, payload: JSON.stringify(event, null, 2) };
    },

    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
