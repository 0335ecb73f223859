import { describe, expect, it } from 'vitest';
import { fetchSubscriptionConfirmer, snsSubscribeUrl } from './subscription-confirmer';
import { testTopicArn } from './testing/sns-messages';

const good = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:eu-west-1:123456789012:ses-feedback&Token=abc';

describe('SNS subscription confirmation', () => {
  it("accepts only an https address of the topic region's SNS", () => {
    expect(snsSubscribeUrl(good, testTopicArn)?.href).toBe(new URL(good).href);
    for (const bad of [
      'http://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription',
      'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription',
      'https://sns.eu-west-1.amazonaws.com.evil.example/?Action=ConfirmSubscription',
      'https://evil.example/?host=sns.eu-west-1.amazonaws.com',
      'https://sns.eu-west-1.amazonaws.com:8443/?Action=ConfirmSubscription',
      'https://user:pw@sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription',
      'not a url',
    ]) {
      expect(snsSubscribeUrl(bad, testTopicArn), bad).toBeNull();
    }
    expect(snsSubscribeUrl(good, 'not-an-arn')).toBeNull();
  });

  it('confirms with one GET that refuses redirects, and fails when SNS says no', async () => {
    const calls: Array<{ url: string; redirect: RequestInit['redirect'] }> = [];
    const answering = (status: number): typeof fetch =>
      (async (input: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(input), redirect: init?.redirect });
        return new Response('<ConfirmSubscriptionResponse/>', { status });
      }) as typeof fetch;
    await fetchSubscriptionConfirmer(answering(200))(new URL(good));
    expect(calls).toEqual([{ url: new URL(good).href, redirect: 'error' }]);
    await expect(fetchSubscriptionConfirmer(answering(403))(new URL(good))).rejects.toThrow('SNS answered 403');
  });
});
