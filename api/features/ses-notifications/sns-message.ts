import { z } from 'zod';
import { bounceTypes } from '../../../events/catalog';

/**
 * The JSON body SNS posts to an HTTP(S) subscriber (sent as text/plain). Only the fields used here
 * are checked; SNS and SES add fields over time, so unknown ones pass.
 */
const common = { MessageId: z.string().min(1).max(200), TopicArn: z.string().min(1).max(400), Timestamp: z.iso.datetime() };

export const snsMessage = z.discriminatedUnion('Type', [
  z.object({ Type: z.literal('SubscriptionConfirmation'), ...common, SubscribeURL: z.string().min(1).max(2000) }),
  z.object({ Type: z.literal('UnsubscribeConfirmation'), ...common }),
  z.object({ Type: z.literal('Notification'), ...common, Message: z.string() }),
]);

export type SnsMessage = z.infer<typeof snsMessage>;

// A recipient as SES reports it: a bare address, or one with a name (`Jane <jane@example.com>`).
const recipientAddress = z
  .string()
  .transform((value) => (/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value).trim().toLowerCase())
  .pipe(z.email().max(254));

const recipients = (key: string) => z.array(z.object({ emailAddress: recipientAddress }).transform((recipient) => recipient.emailAddress)).min(1, { message: `${key} is empty` });

const bounce = z.object({ bounceType: z.enum(bounceTypes), bouncedRecipients: recipients('bouncedRecipients'), timestamp: z.iso.datetime() });
const complaint = z.object({ complainedRecipients: recipients('complainedRecipients'), timestamp: z.iso.datetime() });

/** What one SES notification tells: who bounced or complained, or something this app does not act on. */
export type SesFeedback =
  | { kind: 'bounce'; bounceType: (typeof bounceTypes)[number]; emails: string[]; at: string }
  | { kind: 'complaint'; emails: string[]; at: string }
  | { kind: 'ignored'; notificationType: string };

// Identity notifications name the kind `notificationType`; configuration set event publishing, `eventType`.
const sesNotification = z
  .object({ notificationType: z.string().optional(), eventType: z.string().optional(), bounce: z.unknown().optional(), complaint: z.unknown().optional() })
  .transform((value, ctx) => {
    const kind = value.notificationType ?? value.eventType;
    if (kind === undefined) {
      ctx.addIssue({ code: 'custom', message: 'notificationType is missing' });
      return z.NEVER;
    }
    return { kind, bounce: value.bounce, complaint: value.complaint };
  });

export class NotUnderstood extends Error {
  override readonly name = 'NotUnderstood';
}

/** The SNS message of a raw request body; throws NotUnderstood for anything else. */
export function parseSnsMessage(rawBody: string): SnsMessage {
  const parsed = snsMessage.safeParse(parseJson(rawBody, 'The body is not JSON.'));
  if (!parsed.success) throw new NotUnderstood(`The body is not an SNS message: ${describe(parsed.error)}.`);
  return parsed.data;
}

/** The SES feedback in a Notification's `Message`; throws NotUnderstood when it is not one. */
export function parseSesFeedback(message: string): SesFeedback {
  const envelope = sesNotification.safeParse(parseJson(message, 'The notification message is not JSON.'));
  if (!envelope.success) throw new NotUnderstood(`The notification message is not from SES: ${describe(envelope.error)}.`);
  const { kind } = envelope.data;
  if (kind === 'Bounce') {
    const parsed = bounce.safeParse(envelope.data.bounce);
    if (!parsed.success) throw new NotUnderstood(`The bounce is not understood: ${describe(parsed.error, 'bounce')}.`);
    return { kind: 'bounce', bounceType: parsed.data.bounceType, emails: unique(parsed.data.bouncedRecipients), at: parsed.data.timestamp };
  }
  if (kind === 'Complaint') {
    const parsed = complaint.safeParse(envelope.data.complaint);
    if (!parsed.success) throw new NotUnderstood(`The complaint is not understood: ${describe(parsed.error, 'complaint')}.`);
    return { kind: 'complaint', emails: unique(parsed.data.complainedRecipients), at: parsed.data.timestamp };
  }
  return { kind: 'ignored', notificationType: kind };
}

function parseJson(text: string, problem: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new NotUnderstood(problem);
  }
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0]!;
  const path = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)].join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

function unique(emails: readonly string[]): string[] {
  return [...new Set(emails)];
}
