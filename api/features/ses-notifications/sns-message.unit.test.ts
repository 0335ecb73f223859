import { describe, expect, it } from 'vitest';
import { NotUnderstood, parseSesFeedback, parseSnsMessage } from './sns-message';
import { bounceNotification, complaintNotification, subscriptionConfirmation } from './testing/sns-messages';

const messageId = '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324';
const feedbackOf = (body: Record<string, unknown>) => {
  const message = parseSnsMessage(JSON.stringify(body));
  if (message.Type !== 'Notification') throw new Error(`expected a Notification, got ${message.Type}`);
  return parseSesFeedback(message.Message);
};

describe('SNS message parsing', () => {
  it('reads a permanent bounce, lower-casing and de-duplicating the addresses and taking one out of its name', () => {
    const body = bounceNotification({ messageId, bounceType: 'Permanent', emails: ['Jane@Example.com', '"Jane" <jane@example.com>', 'bob@example.com'] });
    expect(feedbackOf(body)).toEqual({ kind: 'bounce', bounceType: 'Permanent', emails: ['jane@example.com', 'bob@example.com'], at: '2025-10-16T09:04:58.000Z' });
  });

  it('reads a transient bounce and a complaint', () => {
    expect(feedbackOf(bounceNotification({ messageId, bounceType: 'Transient', emails: ['full@example.com'] }))).toMatchObject({ kind: 'bounce', bounceType: 'Transient' });
    expect(feedbackOf(complaintNotification({ messageId, emails: ['angry@example.com'] }))).toEqual({
      kind: 'complaint',
      emails: ['angry@example.com'],
      at: '2025-10-16T09:04:59.000Z',
    });
  });

  it("ignores deliveries and configuration-set events it does not act on, and reads a configuration set's eventType", () => {
    const notification = (message: unknown) => JSON.stringify({ ...bounceNotification({ messageId, bounceType: 'Permanent', emails: ['a@example.com'] }), Message: JSON.stringify(message) });
    const parse = (message: unknown) => {
      const parsed = parseSnsMessage(notification(message));
      return parsed.Type === 'Notification' ? parseSesFeedback(parsed.Message) : null;
    };
    expect(parse({ notificationType: 'Delivery', delivery: {} })).toEqual({ kind: 'ignored', notificationType: 'Delivery' });
    expect(parse({ eventType: 'Open', open: {} })).toEqual({ kind: 'ignored', notificationType: 'Open' });
    expect(parse({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'x@example.com' }], timestamp: '2025-10-16T09:00:00.000Z' } })).toMatchObject({
      kind: 'complaint',
      emails: ['x@example.com'],
    });
  });

  it('reads the confirmation types with their fields', () => {
    const confirmation = parseSnsMessage(JSON.stringify(subscriptionConfirmation({ messageId, subscribeUrl: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription' })));
    expect(confirmation).toMatchObject({ Type: 'SubscriptionConfirmation', MessageId: messageId, SubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription' });
    const unsubscribed = { ...subscriptionConfirmation({ messageId, subscribeUrl: 'https://x' }), Type: 'UnsubscribeConfirmation' };
    expect(parseSnsMessage(JSON.stringify(unsubscribed)).Type).toBe('UnsubscribeConfirmation');
  });

  it('refuses what is not an SNS message from SES, naming the problem', () => {
    const bounce = bounceNotification({ messageId, bounceType: 'Permanent', emails: ['a@example.com'] });
    const cases: Array<[string, string]> = [
      ['not json', 'The body is not JSON.'],
      [JSON.stringify({ ...bounce, Type: 'Telegram' }), 'The body is not an SNS message'],
      [JSON.stringify({ ...bounce, MessageId: undefined }), 'The body is not an SNS message: MessageId'],
      [JSON.stringify({ ...bounce, Message: 'plain words' }), 'The notification message is not JSON.'],
      [JSON.stringify({ ...bounce, Message: JSON.stringify({ hello: 1 }) }), 'The notification message is not from SES: notificationType is missing'],
      [JSON.stringify({ ...bounce, Message: JSON.stringify({ notificationType: 'Bounce', bounce: { bounceType: 'Soft', bouncedRecipients: [{ emailAddress: 'a@example.com' }], timestamp: '2025-10-16T09:00:00.000Z' } }) }), 'The bounce is not understood: bounce.bounceType'],
      [JSON.stringify({ ...bounce, Message: JSON.stringify({ notificationType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [], timestamp: '2025-10-16T09:00:00.000Z' } }) }), 'bouncedRecipients is empty'],
      [JSON.stringify({ ...bounce, Message: JSON.stringify({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'not an address' }], timestamp: '2025-10-16T09:00:00.000Z' } }) }), 'The complaint is not understood: complaint.complainedRecipients.0.emailAddress'],
    ];
    for (const [body, problem] of cases) {
      const attempt = () => {
        const message = parseSnsMessage(body);
        if (message.Type === 'Notification') parseSesFeedback(message.Message);
      };
      expect(attempt, body).toThrow(NotUnderstood);
      expect(attempt, body).toThrow(problem);
    }
  });
});
