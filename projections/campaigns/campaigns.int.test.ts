import { describe, expect, it } from 'vitest';
import { decodeEvent } from '../../events/catalog';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { campaigns } from './campaigns-projection';
import { findCampaign, listCampaigns } from './campaigns-queries';

const created = (campaignId: number, totalRecipients: number): GivenEvent => ({
  type: 'CampaignCreated',
  data: {
    campaignId,
    subject: `News ${campaignId}`,
    htmlBody: '<p>Hello&nbsp;there</p>',
    textBody: 'Hello there',
    targetAudience: 'all',
    totalRecipients,
    firstBatchAt: '2025-10-16T10:00:00.000Z',
  },
  streamId: `campaign-${campaignId}`,
});
const batch = (campaignId: number, batchNumber: number, ids: number[], unsubscribed: number[] = []): GivenEvent => ({
  type: 'CampaignBatchSent',
  data: { campaignId, batchNumber, recipientUserIds: ids, sentCount: ids.length, failedCount: 0, unsubscribedUserIds: unsubscribed },
  streamId: `campaign-${campaignId}`,
});

for (const client of availableSqlClients()) {
  describe(`campaigns read model (${client.name})`, () => {
    const spec = projectionSpec(campaigns, client);

    it('given a queued campaign, then it is pending with nothing sent', async () => {
      await spec.given([created(1, 120)]).then('email_campaigns', [
        {
          campaign_id: 1,
          subject: 'News 1',
          html_body: '<p>Hello&nbsp;there</p>',
          text_body: 'Hello there',
          target_audience: 'all',
          status: 'pending',
          sent_count: 0,
          total_recipients: 120,
          created_at: new Date('2025-10-16T09:01:00.000Z'),
          updated_at: new Date('2025-10-16T09:01:00.000Z'),
        },
      ]);
    });

    it('given batches, a pause and a resume, then it is sending with the batches counted', async () => {
      await spec
        .given([
          created(1, 3),
          batch(1, 1, [1, 2]),
          { type: 'CampaignPaused', data: { campaignId: 1 }, streamId: 'campaign-1' },
          { type: 'CampaignResumed', data: { campaignId: 1, nextBatchAt: '2025-10-16T11:00:00.000Z' }, streamId: 'campaign-1' },
        ])
        .thenRead(async (sql) => {
          expect(await findCampaign(sql, 1)).toMatchObject({ id: 1, status: 'sending', sentCount: 2, totalRecipients: 3, createdAt: '2025-10-16T09:01:00.000Z' });
        });
    });

    it('given the end of each campaign, then completed or canceled with the stated totals, newest first', async () => {
      await spec
        .given([
          created(1, 3),
          created(2, 100),
          batch(1, 1, [1, 2], [3]),
          { type: 'CampaignCompleted', data: { campaignId: 1, sentCount: 2 }, streamId: 'campaign-1' },
          batch(2, 1, Array.from({ length: 50 }, (_, i) => i + 1)),
          { type: 'CampaignPaused', data: { campaignId: 2 }, streamId: 'campaign-2' },
          batch(2, 2, [51, 52]),
          { type: 'CampaignCanceled', data: { campaignId: 2, sentCount: 52 }, streamId: 'campaign-2' },
        ])
        .thenRead(async (sql) => {
          const list = await listCampaigns(sql, { limit: 10 });
          expect(list.map((c) => [c.id, c.status, c.sentCount, c.totalRecipients])).toEqual([
            [2, 'canceled', 52, 100],
            [1, 'completed', 2, 3],
          ]);
        });
    });

    it('reads a version 1 batch event (before unsubscribed recipients were recorded)', () => {
      expect(campaigns.eventTypes).toContain('CampaignBatchSent');
      const decoded = decodeEvent({
        eventId: '00000000-0000-4000-8000-000000000001',
        type: 'CampaignBatchSent',
        schemaVersion: 1,
        data: { campaignId: 1, batchNumber: 1, recipientUserIds: [1], sentCount: 1, failedCount: 0 },
        metadata: { eventId: '00000000-0000-4000-8000-000000000001', occurredAt: '2025-10-16T09:00:00.000Z', userId: null, requestId: 'r', causationId: 'r', correlationId: 'r' },
        streamId: 'campaign-1',
        streamPosition: 0n,
        position: '1',
        recordedAt: new Date(),
      });
      expect(decoded.data).toEqual({ campaignId: 1, batchNumber: 1, recipientUserIds: [1], sentCount: 1, failedCount: 0, unsubscribedUserIds: [] });
    });
  });
}
