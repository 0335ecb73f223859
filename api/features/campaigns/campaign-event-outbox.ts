import { randomUUID } from 'node:crypto';
import { type DecidedEvent, type EventMetadata, newEvent } from '../../../events/catalog';
import type { EventStore, EventToAppend, Position } from '../../../events/store/event-store';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';

/** The campaign events. */
export type CampaignEvent = DecidedEvent<'CampaignCreated' | 'CampaignBatchSent' | 'CampaignPaused' | 'CampaignResumed' | 'CampaignCanceled' | 'CampaignCompleted'>;

/** Where an event's metadata comes from: a request (its id and user), or the sender. */
export interface CampaignEventCause {
  requestId: string;
  userId: number | null;
}

export const campaignStream = (campaignId: number) => `campaign-${campaignId}`;

/** Record a campaign event in the caller's transaction (the log may be elsewhere) until `publishCampaignEvents` appends it. */
export async function recordCampaignEvent(tx: SqlExecutor, event: CampaignEvent, cause: CampaignEventCause, now: Date): Promise<void> {
  const metadata: EventMetadata = {
    eventId: randomUUID(),
    occurredAt: now.toISOString(),
    userId: cause.userId,
    requestId: cause.requestId,
    causationId: cause.requestId,
    correlationId: cause.requestId,
  };
  const toAppend = newEvent<CampaignEvent['type']>(event.type, event.data, metadata);
  await tx.query('INSERT INTO campaign_event_outbox (campaign_id, event) VALUES ($1, $2::jsonb)', [event.data.campaignId, JSON.stringify(toAppend)]);
}

/** How long a published event stays in the outbox, for diagnosis, before it is pruned. */
export const publishedCampaignEventRetentionMs = 7 * 24 * 60 * 60 * 1000;

/** Delete events published longer than the retention ago; returns how many went. */
export async function prunePublishedCampaignEvents(sql: SqlExecutor, now: Date): Promise<number> {
  const { rowCount } = await sql.query('DELETE FROM campaign_event_outbox WHERE published_at < $1', [
    new Date(now.getTime() - publishedCampaignEventRetentionMs),
  ]);
  return rowCount;
}

/** Append unpublished campaign events oldest first and mark them published; concurrency-safe (ids dedupe). Resolves the last position appended. */
export async function publishCampaignEvents(sql: SqlExecutor, store: EventStore, now: Date): Promise<Position | undefined> {
  let last: Position | undefined;
  for (;;) {
    const { rows } = await sql.query<{ seq: string | number; campaign_id: number; event: EventToAppend }>(
      'SELECT seq, campaign_id, event FROM campaign_event_outbox WHERE published_at IS NULL ORDER BY seq LIMIT 100',
    );
    if (rows.length === 0) return last;
    for (const row of rows) {
      const { position } = await store.append(campaignStream(Number(row.campaign_id)), [row.event], { expectedVersion: 'any' });
      last = position;
      await sql.query('UPDATE campaign_event_outbox SET published_at = $2 WHERE seq = $1', [row.seq, now]);
    }
  }
}
