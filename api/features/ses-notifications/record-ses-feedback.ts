import { createHash } from 'node:crypto';
import { newEvent } from '../../../events/catalog';
import type { EventToAppend, Position } from '../../../events/store/event-store';
import type { AppDependencies } from '../../app-dependencies';
import type { SesFeedback } from './sns-message';

/** The stream of what SES reported about one (lower-cased) address. */
export const emailFeedbackStream = (email: string) => `email-feedback-${email}`;

/**
 * The id of the event one SNS message records for one address: a UUID (version 5 layout) from a
 * hash of both. SNS delivers at least once, with the original MessageId on every retry, so a
 * redelivery appends the same ids and the store recognises them as already written.
 */
export function feedbackEventId(messageId: string, email: string): string {
  const bytes = createHash('sha256').update(`ses-feedback\n${messageId}\n${email}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Append one EmailBounced or EmailComplained per address of a bounce or complaint (each in the
 * address's own stream); resolves with the position of the last, or undefined when there is
 * nothing to record.
 */
export async function recordSesFeedback(
  deps: Pick<AppDependencies, 'store' | 'clock'>,
  feedback: SesFeedback,
  cause: { messageId: string; requestId: string },
): Promise<Position | undefined> {
  if (feedback.kind === 'ignored') return undefined;
  let position: Position | undefined;
  for (const email of feedback.emails) {
    const metadata = {
      eventId: feedbackEventId(cause.messageId, email),
      occurredAt: deps.clock.now().toISOString(),
      userId: null,
      requestId: cause.requestId,
      causationId: cause.messageId,
      correlationId: cause.requestId,
    };
    const event: EventToAppend =
      feedback.kind === 'bounce'
        ? newEvent('EmailBounced', { email, bounceType: feedback.bounceType, at: feedback.at }, metadata)
        : newEvent('EmailComplained', { email, at: feedback.at }, metadata);
    ({ position } = await deps.store.append(emailFeedbackStream(email), [event], { expectedVersion: 'any' }));
  }
  return position;
}
