import type { Position } from '../../../events/store/event-store';
import type { SqlClient, SqlExecutor } from '../../../events/store/postgres/sql-client';
import { type AccountAudience, type AudienceMember, accountByEmail, accountEmail, audienceMembers } from '../../../projections/campaigns/campaign-audience-queries';
import type { AppDependencies } from '../../app-dependencies';
import { AppError } from '../../http/app-error';
import { type CampaignEventCause, publishCampaignEvents, recordCampaignEvent } from './campaign-event-outbox';
import { type CampaignAction, type CampaignState, nextCampaignState } from './campaign-transitions';

/** Recipients per batch and the pause between batches (spec 001 section 9). */
export const campaignBatchSize = 50;
export const campaignBatchIntervalMs = 22 * 60_000;

/** A campaign as the administrator composed it. */
export interface NewCampaign {
  subject: string;
  htmlBody: string;
  textBody: string;
  targetAudience: 'test' | 'all' | 'pro' | 'free';
}

export type CampaignCommandDeps = Pick<AppDependencies, 'sql' | 'store' | 'clock' | 'config'> & { logger?: AppDependencies['logger'] };

/** After a change committed, append its events; if the log cannot take them, they wait in the outbox and the admin is told "saved, not visible yet". */
async function publishAfterCommit(deps: CampaignCommandDeps, now: Date): Promise<Position | undefined> {
  try {
    return await publishCampaignEvents(deps.sql, deps.store, now);
  } catch (error) {
    deps.logger?.warn({ err: error }, 'campaign change saved; its events wait in the outbox for the sender');
    throw new AppError(503, 'not_ready', 'The change is saved but not visible yet. Please reload in a moment.');
  }
}

/** How long a queued campaign waits before its first batch (CAMPAIGN_START_DELAY_SECONDS). */
export const defaultCampaignStartDelaySeconds = 60;

/** The test audience's one recipient: CAMPAIGN_TEST_RECIPIENT, the first of ADMIN_EMAILS, else user id 1 (an account, so the unsubscribe link works). */
async function testRecipient(deps: CampaignCommandDeps): Promise<AudienceMember> {
  const configured = deps.config.campaignTestRecipient ?? deps.config.adminEmails[0];
  const email = configured ?? (await accountEmail(deps.sql, 1));
  const account = email === null ? null : await accountByEmail(deps.sql, email);
  if (account === null) {
    throw new AppError(
      409,
      'conflict',
      `The test recipient ${email ?? '(user 1)'} has no account yet: sign in once with that address, or set CAMPAIGN_TEST_RECIPIENT.`,
    );
  }
  return { userId: account.userId, email: account.email };
}

/** Queue a campaign: recipients fixed now, first batch due after the start delay; schedule, recipients and CampaignCreated commit together. */
export async function createCampaign(deps: CampaignCommandDeps, campaign: NewCampaign, cause: CampaignEventCause): Promise<{ campaignId: number; position: Position | undefined }> {
  const now = deps.clock.now();
  const recipients =
    campaign.targetAudience === 'test' ? [await testRecipient(deps)] : await audienceMembers(deps.sql, campaign.targetAudience satisfies AccountAudience, now);
  const startDelayMs = (deps.config.campaignStartDelaySeconds ?? defaultCampaignStartDelaySeconds) * 1_000;
  const firstBatchAt = new Date(now.getTime() + startDelayMs);
  const campaignId = await deps.sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ campaign_id: number }>(
      `INSERT INTO campaign_schedule (state, subject, html_body, text_body, target_audience, total_recipients, next_batch_at, created_at)
       VALUES ('pending', $1, $2, $3, $4, $5, $6, $7) RETURNING campaign_id`,
      [campaign.subject, campaign.htmlBody, campaign.textBody, campaign.targetAudience, recipients.length, firstBatchAt, now],
    );
    const id = Number(rows[0]!.campaign_id);
    if (recipients.length > 0) {
      await tx.query(
        `INSERT INTO campaign_recipients (campaign_id, position, user_id, email)
         SELECT $1, r.position, r.user_id, r.email FROM unnest($2::integer[], $3::integer[], $4::text[]) AS r(position, user_id, email)`,
        [id, recipients.map((_, index) => index + 1), recipients.map((r) => r.userId), recipients.map((r) => r.email)],
      );
    }
    await recordCampaignEvent(
      tx,
      {
        type: 'CampaignCreated',
        data: { campaignId: id, ...campaign, totalRecipients: recipients.length, firstBatchAt: firstBatchAt.toISOString() },
      },
      cause,
      now,
    );
    return id;
  });
  return { campaignId, position: await publishAfterCommit(deps, now) };
}

interface ScheduleRow {
  state: CampaignState;
  next_batch_number: number;
  next_batch_at: Date | string;
  last_batch_at: Date | string | null;
  total_recipients: number;
}

/** The campaign's schedule row, locked for the rest of the transaction (null when there is none). */
export async function lockSchedule(tx: SqlExecutor, campaignId: number): Promise<ScheduleRow | null> {
  const { rows } = await tx.query<ScheduleRow>(
    'SELECT state, next_batch_number, next_batch_at, last_batch_at, total_recipients FROM campaign_schedule WHERE campaign_id = $1 FOR UPDATE',
    [campaignId],
  );
  return rows[0] ?? null;
}

/** How many of the campaign's recipients were mailed so far. */
export async function sentCountOf(tx: SqlExecutor, campaignId: number): Promise<number> {
  const { rows } = await tx.query<{ count: string | number }>("SELECT count(*) AS count FROM campaign_sends WHERE campaign_id = $1 AND outcome = 'sent'", [campaignId]);
  return Number(rows[0]?.count ?? 0);
}

/** Record the decided part of a batch cut short by an early end as a CampaignBatchSent, so the log names everyone mailed. */
export async function recordBatchSoFar(tx: SqlExecutor, campaignId: number, batchNumber: number, cause: CampaignEventCause, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ user_id: number; outcome: 'sent' | 'unsubscribed' }>(
    'SELECT user_id, outcome FROM campaign_sends WHERE campaign_id = $1 AND batch_number = $2 ORDER BY user_id',
    [campaignId, batchNumber],
  );
  if (rows.length === 0) return false;
  const sent = rows.filter((row) => row.outcome === 'sent').map((row) => Number(row.user_id));
  const unsubscribed = rows.filter((row) => row.outcome === 'unsubscribed').map((row) => Number(row.user_id));
  await recordCampaignEvent(
    tx,
    { type: 'CampaignBatchSent', data: { campaignId, batchNumber, recipientUserIds: sent, sentCount: sent.length, failedCount: 0, unsubscribedUserIds: unsubscribed } },
    cause,
    now,
  );
  return true;
}

/**
 * Pause, resume or cancel (spec 001 section 4): 404 unknown, 409 not allowed now. Locks the schedule
 * row, so the sender sends nothing after a pause commits. A resume is due 22 minutes after the last batch.
 */
export async function changeCampaign(
  deps: CampaignCommandDeps,
  campaignId: number,
  action: CampaignAction,
  cause: CampaignEventCause,
): Promise<Position | undefined> {
  const now = deps.clock.now();
  await deps.sql.transaction(async (tx) => {
    const schedule = await lockSchedule(tx, campaignId);
    if (schedule === null) throw new AppError(404, 'not_found', `There is no campaign ${campaignId}.`);
    const next = nextCampaignState(schedule.state, action);
    if (next === null) throw new AppError(409, 'conflict', `A ${schedule.state} campaign cannot be ${pastTense[action]}.`);
    if (action === 'pause') {
      await tx.query("UPDATE campaign_schedule SET state = 'paused' WHERE campaign_id = $1", [campaignId]);
      await recordCampaignEvent(tx, { type: 'CampaignPaused', data: { campaignId } }, cause, now);
    } else if (action === 'resume') {
      const spaced = schedule.last_batch_at === null ? now.getTime() : new Date(schedule.last_batch_at).getTime() + campaignBatchIntervalMs;
      const nextBatchAt = new Date(Math.max(now.getTime(), spaced));
      await tx.query("UPDATE campaign_schedule SET state = 'sending', next_batch_at = $2 WHERE campaign_id = $1", [campaignId, nextBatchAt]);
      await recordCampaignEvent(tx, { type: 'CampaignResumed', data: { campaignId, nextBatchAt: nextBatchAt.toISOString() } }, cause, now);
    } else {
      await recordBatchSoFar(tx, campaignId, schedule.next_batch_number, cause, now);
      await tx.query("UPDATE campaign_schedule SET state = 'canceled' WHERE campaign_id = $1", [campaignId]);
      await recordCampaignEvent(tx, { type: 'CampaignCanceled', data: { campaignId, sentCount: await sentCountOf(tx, campaignId) } }, cause, now);
    }
  });
  return publishAfterCommit(deps, now);
}

const pastTense: Record<CampaignAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'canceled' };

/** The schedule's view of a campaign for tests and the sender: state and next batch. */
export async function readSchedule(sql: SqlClient | SqlExecutor, campaignId: number): Promise<{ state: CampaignState; nextBatchNumber: number; nextBatchAt: Date } | null> {
  const { rows } = await sql.query<ScheduleRow>('SELECT state, next_batch_number, next_batch_at FROM campaign_schedule WHERE campaign_id = $1', [campaignId]);
  const row = rows[0];
  return row ? { state: row.state, nextBatchNumber: Number(row.next_batch_number), nextBatchAt: new Date(row.next_batch_at) } : null;
}
