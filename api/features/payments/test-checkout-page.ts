import type { TestCheckoutSession } from './test-checkout-provider';
import { creditPack, subscriptionPrices } from './prices';
import { escapeMarkup } from '../../http/escape-markup';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function describeItem(session: TestCheckoutSession): { item: string; price: string } {
  if (session.mode === 'subscription' && session.plan !== null) {
    const price = subscriptionPrices[session.plan];
    return { item: price.name, price: `${dollars(session.amountCents)} per ${price.interval}` };
  }
  return { item: `${session.credits ?? creditPack.credits} Woodshed streaming credits (never expire)`, price: dollars(session.amountCents) };
}

/**
 * The local test checkout as one HTML page. It says on every line that nothing is paid, so nobody
 * mistakes it for a real checkout. Plain HTML: the app's Content-Security-Policy forbids inline
 * styles and scripts, and two forms are all it needs.
 */
export function testCheckoutPage(session: TestCheckoutSession): string {
  const { item, price } = describeItem(session);
  const action = `/api/test-checkout/${encodeURIComponent(session.id)}`;
  const body =
    session.status === 'complete'
      ? `<p><strong>This test checkout is already paid.</strong></p>
<p><a href="${escapeMarkup(session.successUrl)}">Back to Woodshed</a></p>`
      : `<form method="post" action="${action}/pay"><button type="submit">Pay ${escapeMarkup(price)} (test, no real payment)</button></form>
<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test checkout (no real payment) - Woodshed</title></head>
<body>
<h1>Test checkout: no real payment</h1>
<p><strong>This is a local test checkout. No card is asked for and no money is taken.</strong>
Woodshed runs without Stripe keys (STRIPE_SECRET_KEY is not set), so paying here only records the purchase as if Stripe had confirmed it.</p>
<h2>${escapeMarkup(item)}</h2>
<p>Price: ${escapeMarkup(price)}</p>
${body}
</body>
</html>
`;
}
