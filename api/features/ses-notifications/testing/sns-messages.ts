/** SNS messages as SNS posts them for SES feedback, for tests. */

export const testTopicArn = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';

interface MessageOptions {
  messageId: string;
  topicArn?: string;
}

function envelope(type: string, options: MessageOptions, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    Type: type,
    MessageId: options.messageId,
    TopicArn: options.topicArn ?? testTopicArn,
    Timestamp: '2025-10-16T09:05:00.000Z',
    SignatureVersion: '1',
    Signature: 'c2lnbmF0dXJl',
    SigningCertURL: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem',
    ...fields,
  };
}

/** A Notification carrying an SES bounce of `emails`. */
export function bounceNotification(options: MessageOptions & { bounceType: string; emails: readonly string[] }): Record<string, unknown> {
  const message = {
    notificationType: 'Bounce',
    bounce: {
      bounceType: options.bounceType,
      bounceSubType: 'General',
      bouncedRecipients: options.emails.map((emailAddress) => ({ emailAddress, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' })),
      timestamp: '2025-10-16T09:04:58.000Z',
      feedbackId: '0102015fd91a6479-ae22395c-1f7d-4423-a9e5-e0715bffc731-000000',
    },
    mail: { timestamp: '2025-10-16T09:04:50.000Z', source: 'hello@woodshed.example', messageId: 'ses-message-1', destination: options.emails },
  };
  return envelope('Notification', options, { Message: JSON.stringify(message) });
}

/** A Notification carrying an SES complaint of `emails`. */
export function complaintNotification(options: MessageOptions & { emails: readonly string[] }): Record<string, unknown> {
  const message = {
    notificationType: 'Complaint',
    complaint: {
      complainedRecipients: options.emails.map((emailAddress) => ({ emailAddress })),
      timestamp: '2025-10-16T09:04:59.000Z',
      feedbackId: '0102015fd91a6479-complaint-000000',
      complaintFeedbackType: 'abuse',
    },
    mail: { timestamp: '2025-10-16T09:04:50.000Z', source: 'hello@woodshed.example', messageId: 'ses-message-2', destination: options.emails },
  };
  return envelope('Notification', options, { Message: JSON.stringify(message) });
}

/** A SubscriptionConfirmation whose SubscribeURL is `subscribeUrl`. */
export function subscriptionConfirmation(options: MessageOptions & { subscribeUrl: string }): Record<string, unknown> {
  return envelope('SubscriptionConfirmation', options, {
    Token: '2336412f37fb687f5d51e6e241d09c805a5a57b30d712f794cc5f6a988666d92768dd60a747ba6f3beb71854e285d6ad02428b09ceece29417f1f02d609c582afbacc99c583a916b9981dd2728f4ae6fdb82efd087cc3b7849e05798d2d2785c03b0879594eeac82c01f235d0e717736',
    SubscribeURL: options.subscribeUrl,
    Message: `You have chosen to subscribe to the topic ${options.topicArn ?? testTopicArn}.`,
  });
}
