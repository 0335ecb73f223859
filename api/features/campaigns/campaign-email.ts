import type { OutgoingEmail } from '../../adapters/email/email-outbox';
import { campaignPlainText } from './campaign-plain-text';
import { signUnsubscribeToken } from './unsubscribe-token';

/** The path of the unsubscribe link every campaign mail carries (campaign-unsubscribe-router.ts). */
export const unsubscribePath = '/api/email-campaigns/unsubscribe';

/** What one campaign mail is made of. */
export interface CampaignMailInput {
  campaignId: number;
  subject: string;
  htmlBody: string;
  recipient: { userId: number; email: string };
  /** The app's origin (PUBLIC_URL), for the links. */
  publicUrl: string;
  /** The `campaign-unsubscribe` key. */
  unsubscribeKey: Buffer;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * One recipient's campaign mail: the admin's HTML (line breaks kept, pre-line), a footer with the
 * recipient's unsubscribe link, the List-Unsubscribe headers (RFC 2369, RFC 8058 one-click), and a
 * text part made from the HTML (campaign-plain-text.ts).
 */
export function campaignEmail(input: CampaignMailInput): OutgoingEmail {
  const token = signUnsubscribeToken(input.unsubscribeKey, { userId: input.recipient.userId, campaignId: input.campaignId });
  const unsubscribeUrl = `${input.publicUrl}${unsubscribePath}?token=${token}`;
  const preferencesUrl = `${input.publicUrl}/email-preferences`;
  return {
    to: input.recipient.email,
    subject: input.subject,
    text: `${campaignPlainText(input.htmlBody)}\n\n--\nYou receive Woodshed announcements. Unsubscribe: ${unsubscribeUrl}\nE-mail preferences: ${preferencesUrl}\n`,
    html:
      `<div style="white-space: pre-line">${input.htmlBody}</div>` +
      `<hr><p style="font-size: 12px; color: #666">You receive Woodshed announcements. ` +
      `<a href="${escapeAttribute(unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeAttribute(preferencesUrl)}">E-mail preferences</a></p>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    data: { campaignId: String(input.campaignId), unsubscribeUrl },
  };
}
