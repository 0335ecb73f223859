import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { EmailMessage } from './email-message';
import type { EmailSender } from './email-sender';

/** How to reach Amazon SES (API v2). */
export interface SesEmailSenderOptions {
  region: string;
  /** `Woodshed <hello@woodshed.example>` or a bare address, verified in SES. */
  fromAddress: string;
  /** Another endpoint than AWS's (a VPC endpoint, or a local fake in tests). */
  endpoint?: string;
  /** Explicit credentials; default the SDK's chain (environment, instance or task role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** An EmailSender over Amazon SES v2 (`SendEmail` with a simple text + HTML body). */
export function createSesEmailSender(options: SesEmailSenderOptions): EmailSender & { close(): void } {
  const client = new SESv2Client({
    region: options.region,
    ...(options.endpoint !== undefined && { endpoint: options.endpoint }),
    ...(options.credentials !== undefined && { credentials: options.credentials }),
  });
  return {
    kind: 'ses',
    async send(message: EmailMessage) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.fromAddress,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: message.text, Charset: 'UTF-8' },
                Html: { Data: message.html, Charset: 'UTF-8' },
              },
              ...(message.headers !== undefined && { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }),
            },
          },
        }),
      );
    },
    close() {
      client.destroy();
    },
  };
}
