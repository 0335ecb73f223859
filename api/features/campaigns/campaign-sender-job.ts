import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventStore } from '../../../events/store/event-store';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { refusesAnnouncementsSql } from '../../../projections/campaigns/campaign-audience-queries';
import { enqueueEmail } from '../../adapters/email/email-outbox';
import type { Clock } from '../../clock';
import type { BackgroundJob } from '../../jobs/background-job';
import { periodicJob } from '../../jobs/periodic-job';
import { campaignBatchIntervalMs, campaignBatchSize, lockSchedule, recordBatchSoFar, sentCountOf } from './campaign-commands';
import { campaignEmail } from './campaign-email';
import { type CampaignEventCause, prunePublishedCampaignEvents, publishCampaignEvents, recordCampaignEvent } from './campaign-event-outbox';

/** Where a dying sender would leave work half done; `inside-*` points are inside a transaction. */
export type SenderCrashPoint = 'before-send' | 'inside-send' | 'after-send' | 'before-batch-close' | 'inside-batch-close' | 'after-batch-close';

export interface CampaignSenderOptions {
  sql: SqlClient;
  store: EventStore;
  clock: Clock;
  logger: Logger;
  /** The app's origin, for the unsubscribe links. */
  publicUrl: string;
  /** The e-mail outbox key (purpose `email-outbox`). */
  outboxKey: Buffer;
  /** The unsubscribe links' key (purpose `campaign-unsubscribe`). */
  unsubscribeKey: Buffer;
  /** Look for due batches this often; default 2,000 ms. */
  pollMs?: number;
  /** Tests only: called at every `SenderCrashPoint`; throwing there is the process dying at that instant. */
  crashAt?: (point: SenderCrashPoint) => void;
}

/** The sender job, plus one pass for callers that drive it themselves (tests with their own clock). */
export interface CampaignSenderJob extends BackgroundJob {
  /** Send the due batch of every campaign that has one (one batch each), then publish their events; resolves with how many mails were queued. */
  sendDue(signal?: AbortSignal): Promise<number>;
}

interface Candidate {
  user_id: number;
  email: string;
}

/**
 * `campaign-sender`: sends each campaign in batches of 50, 22 minutes apart (a restarted sender sends
 * one batch, not the missed ones). Exactly once per recipient: ledger row and outbox message commit
 * together under the schedule row's lock. A batch closes once every recipient had their turn.
 */
export function createCampaignSenderJob(options: CampaignSenderOptions): CampaignSenderJob {
  const { sql, store, clock } = options;
  const log = options.logger.child({ job: 'campaign-sender' });
  const pollMs = options.pollMs ?? 2_000;
  const crashAt = options.crashAt ?? (() => undefined);

  async function sendBatch(campaignId: number, cause: CampaignEventCause, signal?: AbortSignal): Promise<number> {
    const { rows: scheduleRows } = await sql.query<{ next_batch_number: number; subject: string; html_body: string; text_body: string }>(
      'SELECT next_batch_number, subject, html_body, text_body FROM campaign_schedule WHERE campaign_id = $1',
      [campaignId],
    );
    const campaign = scheduleRows[0];
    if (!campaign) return 0;
    const batchNumber = Number(campaign.next_batch_number);
    const { rows: candidates } = await sql.query<Candidate>(
      `SELECT r.user_id, r.email FROM campaign_recipients r
       WHERE r.campaign_id = $1 AND r.position > $2 AND r.position <= $3
         AND NOT EXISTS (SELECT 1 FROM campaign_sends s WHERE s.campaign_id = r.campaign_id AND s.user_id = r.user_id)
       ORDER BY r.position`,
      [campaignId, (batchNumber - 1) * campaignBatchSize, batchNumber * campaignBatchSize],
    );
    let sent = 0;
    for (const candidate of candidates) {
      if (signal?.aborted) return sent;
      crashAt('before-send');
      const outcome = await sql.transaction(async (tx) => {
        const userId = Number(candidate.user_id);
        const now = clock.now();
        // One statement: lock the schedule row (pauses and sends wait for each other), check the batch is
        // still sending, pass over unsubscribed and suppressed addresses, and write the ledger row.
        const { rows: decided } = await tx.query<{ outcome: 'sent' | 'unsubscribed' }>(
          `WITH campaign AS (
             SELECT campaign_id FROM campaign_schedule
             WHERE campaign_id = $1 AND state IN ('pending', 'sending') AND next_batch_number = $3 FOR UPDATE
           )
           INSERT INTO campaign_sends (campaign_id, user_id, batch_number, outcome, decided_at)
           SELECT campaign_id, $2, $3, CASE WHEN ${refusesAnnouncementsSql('$2')} THEN 'unsubscribed' ELSE 'sent' END, $4 FROM campaign
           ON CONFLICT (campaign_id, user_id) DO NOTHING
           RETURNING outcome`,
          [campaignId, userId, batchNumber, now],
        );
        const decision = decided[0]?.outcome;
        if (decision === undefined) {
          const schedule = await lockSchedule(tx, campaignId);
          return schedule === null || !isSending(schedule.state) || Number(schedule.next_batch_number) !== batchNumber ? 'stopped' : 'already-decided';
        }
        crashAt('inside-send');
        if (decision === 'sent') {
          const email = campaignEmail({
            campaignId,
            subject: campaign.subject,
            htmlBody: campaign.html_body,
            recipient: { userId, email: candidate.email },
            publicUrl: options.publicUrl,
            unsubscribeKey: options.unsubscribeKey,
          });
          await enqueueEmail(tx, email, { key: options.outboxKey, now });
        }
        return decision;
      });
      if (outcome === 'stopped') return sent;
      crashAt('after-send');
      if (outcome === 'sent') sent++;
    }
    if (signal?.aborted) return sent;
    crashAt('before-batch-close');
    await closeBatch(campaignId, batchNumber, cause);
    crashAt('after-batch-close');
    return sent;
  }

  async function closeBatch(campaignId: number, batchNumber: number, cause: CampaignEventCause): Promise<void> {
    await sql.transaction(async (tx) => {
      const schedule = await lockSchedule(tx, campaignId);
      if (schedule === null || !isSending(schedule.state) || Number(schedule.next_batch_number) !== batchNumber) return;
      const { rows } = await tx.query<{ undecided: string | number }>(
        `SELECT count(*) AS undecided FROM campaign_recipients r
         WHERE r.campaign_id = $1 AND r.position > $2 AND r.position <= $3
           AND NOT EXISTS (SELECT 1 FROM campaign_sends s WHERE s.campaign_id = r.campaign_id AND s.user_id = r.user_id)`,
        [campaignId, (batchNumber - 1) * campaignBatchSize, batchNumber * campaignBatchSize],
      );
      // A recipient without a decision (a send stopped half-way) keeps the batch open.
      if (Number(rows[0]?.undecided ?? 0) > 0) return;
      const now = clock.now();
      await recordBatchSoFar(tx, campaignId, batchNumber, cause, now);
      if (batchNumber * campaignBatchSize >= Number(schedule.total_recipients)) {
        await tx.query("UPDATE campaign_schedule SET state = 'completed', last_batch_at = $2 WHERE campaign_id = $1", [campaignId, now]);
        await recordCampaignEvent(tx, { type: 'CampaignCompleted', data: { campaignId, sentCount: await sentCountOf(tx, campaignId) } }, cause, now);
      } else {
        await tx.query(
          `UPDATE campaign_schedule SET state = 'sending', next_batch_number = $2, next_batch_at = $3, last_batch_at = $4 WHERE campaign_id = $1`,
          [campaignId, batchNumber + 1, new Date(now.getTime() + campaignBatchIntervalMs), now],
        );
      }
      crashAt('inside-batch-close');
    });
  }

  async function sendDue(signal?: AbortSignal): Promise<number> {
    const cause: CampaignEventCause = { requestId: `campaign-sender:${randomUUID()}`, userId: null };
    // Events a request or an earlier sender recorded but could not append (it died first).
    await publishCampaignEvents(sql, store, clock.now());
    const { rows } = await sql.query<{ campaign_id: number }>(
      `SELECT campaign_id FROM campaign_schedule WHERE state IN ('pending', 'sending') AND next_batch_at <= $1 ORDER BY next_batch_at, campaign_id`,
      [clock.now()],
    );
    let sent = 0;
    for (const row of rows) {
      if (signal?.aborted) break;
      sent += await sendBatch(Number(row.campaign_id), cause, signal);
    }
    if (rows.length > 0) await publishCampaignEvents(sql, store, clock.now());
    await prunePublishedCampaignEvents(sql, clock.now());
    return sent;
  }

  const job = periodicJob('campaign-sender', pollMs, async (signal) => {
    try {
      const sent = await sendDue(signal);
      if (sent > 0) log.info({ sent }, 'campaign mail queued');
    } catch (error) {
      // The ledger makes a retry safe; a failing database should not end the job.
      log.error({ err: error }, 'campaign sender pass failed; retrying after a pause');
    }
  });
  return { ...job, sendDue };
}

function isSending(state: string): boolean {
  return state === 'pending' || state === 'sending';
}
