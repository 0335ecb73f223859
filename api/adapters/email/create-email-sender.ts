import type { Config } from '../../config/env';
import { createConsoleEmailSender } from './console-email-sender';
import type { EmailSender } from './email-sender';
import { createSesEmailSender } from './ses-email-sender';

/** Amazon SES when SES_FROM_ADDRESS and AWS_REGION are set; otherwise the local outbox (console). */
export function createEmailSender(config: Pick<Config, 'ses'>): EmailSender {
  if (config.ses === undefined) return createConsoleEmailSender();
  return createSesEmailSender({
    region: config.ses.region,
    fromAddress: config.ses.fromAddress,
    ...(config.ses.endpoint !== undefined && { endpoint: config.ses.endpoint }),
  });
}
