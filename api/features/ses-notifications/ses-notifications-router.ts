import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { readRawBody } from '../../http/raw-body';
import { recordSesFeedback } from './record-ses-feedback';
import { NotUnderstood, parseSesFeedback, parseSnsMessage } from './sns-message';
import { type ConfirmSubscription, snsSubscribeUrl } from './subscription-confirmer';

/** The route's fixed part; the last segment is the secret SES_NOTIFICATIONS_TOKEN. */
export const sesNotificationsPathPrefix = '/api/ses/notifications/';

/** SNS messages are at most 256 KiB; a larger body is not from SNS. */
const maxBodyBytes = 300 * 1024;

/**
 * POST /api/ses/notifications/<token>: SES bounces and complaints via SNS. The token is the only
 * credential (decision 0057): wrong or unset is the 404 of an unknown route. Another topic is 403,
 * a body that is not an SNS message from SES 400. Confirmations are confirmed only at SNS's own
 * address; each bounced or complained address appends one event, idempotent on the MessageId.
 */
export function sesNotificationsRouter(deps: AppDependencies, options: { confirmSubscription: ConfirmSubscription }): AppRouter {
  const router = new Router<AppState>();
  const expectedToken = deps.config.sesNotificationsToken;
  const topicArn = deps.config.sesNotificationsTopicArn;

  router.post(`${sesNotificationsPathPrefix}:token`, async (ctx) => {
    if (expectedToken === undefined || !sameSecret(ctx.params.token ?? '', expectedToken)) {
      throw new AppError(404, 'not_found', 'No API route for this address.');
    }
    // Read here, not by the app's JSON parser: SNS labels its JSON text/plain.
    const body = (await readRawBody(ctx, maxBodyBytes)).toString('utf8');
    const message = understood(() => parseSnsMessage(body));
    const log = ctx.state.log.child({ snsMessageId: message.MessageId, snsType: message.Type });
    if (topicArn !== undefined && message.TopicArn !== topicArn) {
      log.warn({ topicArn: message.TopicArn }, 'SES notification refused: another topic');
      throw new AppError(403, 'forbidden', 'This endpoint takes messages of another SNS topic.');
    }
    switch (message.Type) {
      case 'SubscriptionConfirmation': {
        const subscribeUrl = snsSubscribeUrl(message.SubscribeURL, message.TopicArn);
        if (subscribeUrl === null) throw new AppError(400, 'invalid_request', "SubscribeURL is not an https address of the topic region's SNS.");
        await options.confirmSubscription(subscribeUrl);
        log.info({ topicArn: message.TopicArn }, 'SNS subscription for SES notifications confirmed');
        break;
      }
      case 'UnsubscribeConfirmation':
        log.warn({ topicArn: message.TopicArn }, 'SNS unsubscribed this endpoint: SES bounces and complaints no longer arrive');
        break;
      case 'Notification': {
        const feedback = understood(() => parseSesFeedback(message.Message));
        await recordSesFeedback(deps, feedback, { messageId: message.MessageId, requestId: ctx.state.requestId });
        // Addresses are personal data: the log says what happened and to how many, not to whom.
        if (feedback.kind === 'ignored') log.debug({ notificationType: feedback.notificationType }, 'SES notification ignored');
        else log.info({ kind: feedback.kind, recipients: feedback.emails.length, ...(feedback.kind === 'bounce' && { bounceType: feedback.bounceType }) }, 'SES feedback recorded');
        break;
      }
    }
    ctx.status = 204;
  });

  return router;
}

function understood<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof NotUnderstood) throw new AppError(400, 'invalid_request', error.message);
    throw error;
  }
}

// Digests first: timingSafeEqual needs equal lengths, and comparing digests does not leak the token's length.
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
