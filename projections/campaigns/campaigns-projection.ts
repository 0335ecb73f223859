import { assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { campaignsMigration, campaignsTable } from './campaigns-tables';

/** The statuses a campaign's row can show (spec 001 section 4, plus `canceled`). */
export type CampaignStatus = 'pending' | 'sending' | 'paused' | 'canceled' | 'completed';

/** What one batch of events changes of one campaign's row; absent fields keep their value. */
interface CampaignChange {
  campaignId: number;
  /** Present when the campaign was queued in this batch. */
  created?: { subject: string; htmlBody: string; textBody: string; targetAudience: string; totalRecipients: number; createdAt: string };
  status?: CampaignStatus;
  /** Mailed in this batch's events, added to the stored count... */
  sentDelta: number;
  /** ...unless a final event stated the total, which replaces it (later batches still add to it). */
  sentTotal?: number;
  updatedAt: string;
}

type CampaignChanges = Map<number, CampaignChange>;

/** E-mail campaigns for the admin's history; each event's status replaces the previous one. */
export const campaigns = defineProjection({
  name: 'campaigns',
  version: 1,
  eventTypes: ['CampaignCreated', 'CampaignBatchSent', 'CampaignPaused', 'CampaignResumed', 'CampaignCanceled', 'CampaignCompleted'],
  tables: [campaignsTable],
  migration: campaignsMigration,

  fold(events, changes: CampaignChanges = new Map()) {
    for (const event of events) {
      const { campaignId } = event.data;
      let change = changes.get(campaignId);
      if (!change) {
        change = { campaignId, sentDelta: 0, updatedAt: event.metadata.occurredAt };
        changes.set(campaignId, change);
      }
      change.updatedAt = event.metadata.occurredAt;
      switch (event.type) {
        case 'CampaignCreated': {
          const { subject, htmlBody, textBody, targetAudience, totalRecipients } = event.data;
          change.created = { subject, htmlBody, textBody, targetAudience, totalRecipients, createdAt: event.metadata.occurredAt };
          change.status = 'pending';
          break;
        }
        case 'CampaignBatchSent':
          change.status = 'sending';
          if (change.sentTotal !== undefined) change.sentTotal += event.data.sentCount;
          else change.sentDelta += event.data.sentCount;
          break;
        case 'CampaignPaused':
          change.status = 'paused';
          break;
        case 'CampaignResumed':
          change.status = 'sending';
          break;
        case 'CampaignCanceled':
          change.status = 'canceled';
          change.sentTotal = event.data.sentCount;
          break;
        case 'CampaignCompleted':
          change.status = 'completed';
          change.sentTotal = event.data.sentCount;
          break;
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: CampaignChanges, tables) {
    const table = tables[campaignsTable];
    const all = [...changes.values()];
    const created = all.filter((change) => change.created !== undefined);
    if (created.length > 0) {
      await tx.query(
        `INSERT INTO ${table} (campaign_id, subject, html_body, text_body, target_audience, status, sent_count, total_recipients, created_at, updated_at)
         SELECT c.campaign_id, c.subject, c.html_body, c.text_body, c.target_audience, c.status, coalesce(c.sent_total, c.sent_delta),
           c.total_recipients, c.created_at, c.updated_at
         FROM jsonb_to_recordset($1::jsonb) AS c(campaign_id integer, subject text, html_body text, text_body text, target_audience text,
           status text, sent_delta integer, sent_total integer, total_recipients integer, created_at timestamptz, updated_at timestamptz)
         ON CONFLICT (campaign_id) DO NOTHING`,
        [
          JSON.stringify(
            created.map((change) => ({
              campaign_id: change.campaignId,
              subject: change.created!.subject,
              html_body: change.created!.htmlBody,
              text_body: change.created!.textBody,
              target_audience: change.created!.targetAudience,
              status: change.status,
              sent_delta: change.sentDelta,
              sent_total: change.sentTotal ?? null,
              total_recipients: change.created!.totalRecipients,
              created_at: change.created!.createdAt,
              updated_at: change.updatedAt,
            })),
          ),
        ],
      );
    }
    const updates = all.filter((change) => change.created === undefined);
    if (updates.length > 0) {
      await tx.query(
        `UPDATE ${table} AS u SET
           status = coalesce(c.status, u.status),
           sent_count = coalesce(c.sent_total, u.sent_count + c.sent_delta),
           updated_at = c.updated_at
         FROM jsonb_to_recordset($1::jsonb) AS c(campaign_id integer, status text, sent_delta integer, sent_total integer, updated_at timestamptz)
         WHERE u.campaign_id = c.campaign_id`,
        [
          JSON.stringify(
            updates.map((change) => ({
              campaign_id: change.campaignId,
              status: change.status ?? null,
              sent_delta: change.sentDelta,
              sent_total: change.sentTotal ?? null,
              updated_at: change.updatedAt,
            })),
          ),
        ],
      );
    }
  },
});
