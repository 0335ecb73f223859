/** Visits an SNS SubscribeURL; rejects when SNS did not take the confirmation. */
export type ConfirmSubscription = (subscribeUrl: URL) => Promise<void>;

const confirmTimeoutMs = 10_000;

/**
 * A confirmation's SubscribeURL when it is SNS's own (https, default port, no credentials,
 * `sns.<region>.amazonaws.com` of the topic's region), else null: no fetching a sender's address.
 */
export function snsSubscribeUrl(subscribeUrl: string, topicArn: string): URL | null {
  const region = /^arn:aws:sns:([a-z]{2}(?:-[a-z]+)+-\d):\d{12}:/.exec(topicArn)?.[1];
  if (region === undefined) return null;
  let url: URL;
  try {
    url = new URL(subscribeUrl);
  } catch {
    return null;
  }
  const fromSns = url.protocol === 'https:' && url.hostname === `sns.${region}.amazonaws.com` && url.port === '' && url.username === '' && url.password === '';
  return fromSns ? url : null;
}

/** Confirms over the network with `fetch` (a GET; redirects are refused, as SNS sends none). */
export function fetchSubscriptionConfirmer(fetchImpl: typeof fetch = fetch): ConfirmSubscription {
  return async (subscribeUrl) => {
    const response = await fetchImpl(subscribeUrl, { redirect: 'error', signal: AbortSignal.timeout(confirmTimeoutMs) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SNS answered ${response.status} to the subscription confirmation`);
  };
}
