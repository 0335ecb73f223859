import { z } from 'zod';
import { defineEvent } from './define-event';

const campaignId = z.number().int().positive();

/** Who a campaign goes to (spec 001 section 3): one configured test address, everyone, Pro or free users. */
export const campaignAudiences = ['test', 'all', 'pro', 'free'] as const;
export type CampaignAudience = (typeof campaignAudiences)[number];

/** An administrator queued a campaign to `totalRecipients` (fixed now); batches go 22 minutes apart. */
export const CampaignCreated = defineEvent({
  type: 'CampaignCreated',
  schemaVersion: 1,
  schema: z.object({
    campaignId,
    subject: z.string().min(1),
    htmlBody: z.string().min(1),
    textBody: z.string(),
    targetAudience: z.enum(campaignAudiences),
    totalRecipients: z.number().int().nonnegative(),
    firstBatchAt: z.iso.datetime(),
  }),
});

/**
 * One batch of a campaign was handed to the mailer. `unsubscribedUserIds` (added in v2) had
 * unsubscribed by their turn and were skipped; `failedCount` could not be mailed otherwise (0 today).
 */
export const CampaignBatchSent = defineEvent({
  type: 'CampaignBatchSent',
  schemaVersion: 2,
  schema: z.object({
    campaignId,
    batchNumber: z.number().int().nonnegative(),
    recipientUserIds: z.array(z.number().int().positive()),
    sentCount: z.number().int().nonnegative(),
    failedCount: z.number().int().nonnegative(),
    unsubscribedUserIds: z.array(z.number().int().positive()),
  }),
  upcasters: {
    1: (data) => ({ ...(data as Record<string, unknown>), unsubscribedUserIds: [] }),
  },
});

/** An administrator paused a queued or sending campaign: no mail of it goes out until it is resumed. */
export const CampaignPaused = defineEvent({
  type: 'CampaignPaused',
  schemaVersion: 1,
  schema: z.object({ campaignId }),
});

/** An administrator resumed a paused campaign; its next batch goes at `nextBatchAt`. */
export const CampaignResumed = defineEvent({
  type: 'CampaignResumed',
  schemaVersion: 1,
  schema: z.object({ campaignId, nextBatchAt: z.iso.datetime() }),
});

/** An administrator canceled a paused campaign: the recipients not yet mailed never will be. */
export const CampaignCanceled = defineEvent({
  type: 'CampaignCanceled',
  schemaVersion: 1,
  schema: z.object({ campaignId, sentCount: z.number().int().nonnegative() }),
});

/** Every recipient of the campaign had their turn (mailed, or passed over as unsubscribed). */
export const CampaignCompleted = defineEvent({
  type: 'CampaignCompleted',
  schemaVersion: 1,
  schema: z.object({ campaignId, sentCount: z.number().int().nonnegative() }),
});
