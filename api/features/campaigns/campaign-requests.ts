import { z } from 'zod';
import { campaignAudiences } from '../../../events/catalog';
import { campaignTextBody } from './campaign-text-body';

/**
 * POST /api/admin/email-campaigns (spec 001 sections 3, 5, 7). `textBody` is the message with its
 * tags stripped and non-breaking spaces made plain (campaign-text-body.ts): the server derives it;
 * a client that sends one must send exactly that, so the stored text never disagrees with the HTML.
 */
export const createCampaignBody = z
  .object({
    subject: z.string().max(200, 'The subject is at most 200 characters').refine((value) => value.trim() !== '', 'Please fill in both subject and message'),
    htmlBody: z.string().max(50_000, 'The message is at most 50,000 characters').refine((value) => value.trim() !== '', 'Please fill in both subject and message'),
    textBody: z.string().optional(),
    targetAudience: z.enum(campaignAudiences, { message: `targetAudience must be one of ${campaignAudiences.join(', ')}` }),
  })
  .transform((body, context) => {
    const textBody = campaignTextBody(body.htmlBody);
    if (body.textBody !== undefined && body.textBody !== textBody) {
      context.addIssue({ code: 'custom', path: ['textBody'], message: 'must be the message without its HTML tags, with non-breaking spaces as plain spaces' });
      return z.NEVER;
    }
    return { subject: body.subject.trim(), htmlBody: body.htmlBody, textBody, targetAudience: body.targetAudience };
  });

/** A campaign id in a path: a positive 32-bit integer, else there is no such campaign. */
export function campaignIdParam(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
