import { z } from 'zod';
import { defineEvent } from './define-event';

/** One batch of a campaign was handed to the mailer (batches of 50, 22 minutes apart). */
export const CampaignBatchSent = defineEvent({
  type: 'CampaignBatchSent',
  schemaVersion: 1,
  schema: z.object({
    campaignId: z.number().int().positive(),
    batchNumber: z.number().int().nonnegative(),
    recipientUserIds: z.array(z.number().int().positive()),
    sentCount: z.number().int().nonnegative(),
    failedCount: z.number().int().nonnegative(),
  }),
});
