import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { type DataOf, type WoodshedEventType, newEvent } from '../../../../events/catalog';
import type { EventStore } from '../../../../events/store/event-store';
import { createPostgresEventStore } from '../../../../events/store/postgres/postgres-event-store';
import type { SqlClient, SqlExecutor } from '../../../../events/store/postgres/sql-client';
import { emailSuppressionsMigration } from '../../../../projections/email-suppressions/email-suppressions-tables';
import { subscriptionsMigration } from '../../../../projections/subscriptions/subscriptions-tables';
import { usersMigration } from '../../../../projections/users/users-tables';
import { type Config, loadConfig } from '../../../config/env';
import { migrateApiTables } from '../../../storage/api-migrations';
import { testPublicUrl } from '../../../testing/start-test-app';
import { testAuthSecret } from '../../../testing/test-sign-in';
import { openOutboxBody } from '../../../adapters/email/outbox-cipher';
import { deriveAuthKey } from '../../../config/auth-secret';
import type { TestApp } from '../../../testing/start-test-app';
import type { TestClock } from '../../../testing/test-sign-in';
import { type CampaignCommandDeps, createCampaign } from '../campaign-commands';
import { createCampaignSenderJob, type SenderCrashPoint } from '../campaign-sender-job';

export const silentLogger = pino({ level: 'silent' });

/** Append one event as a request at `clock` would. */
export async function appendEvent<T extends WoodshedEventType>(store: EventStore, stream: string, type: T, data: DataOf<T>, at: Date): Promise<string> {
  const metadata = { eventId: randomUUID(), occurredAt: at.toISOString(), userId: null, requestId: 'test', causationId: 'test', correlationId: 'test' };
  return (await store.append(stream, [newEvent(type, data, metadata)], { expectedVersion: 'any' })).position;
}

/** Register accounts `first`..`first + count - 1` (`user<N>@example.com`) and wait until the users read model has them. */
export async function seedUsers(app: TestApp, first: number, count: number, at: Date): Promise<number[]> {
  const ids = Array.from({ length: count }, (_, index) => first + index);
  let position = '';
  for (const userId of ids) position = await appendEvent(app.store, `user-${userId}`, 'UserRegistered', { userId, email: `user${userId}@example.com` }, at);
  await app.projections.waitForPosition('users', position, { timeoutMs: 30_000 });
  return ids;
}

/** A sender over the test app's database with the test clock and an optional crash hook. */
export function senderFor(app: TestApp, clock: TestClock, crashAt?: (point: SenderCrashPoint) => void) {
  return createCampaignSenderJob({
    sql: app.sql,
    store: app.store,
    clock,
    logger: silentLogger,
    publicUrl: app.config.publicUrl,
    outboxKey: deriveAuthKey(app.config, 'email-outbox'),
    unsubscribeKey: deriveAuthKey(app.config, 'campaign-unsubscribe'),
    ...(crashAt !== undefined && { crashAt }),
  });
}

/** A campaign message in the outbox, opened. */
export interface QueuedCampaignMail {
  id: number;
  to: string;
  campaignId: number;
  createdAt: Date;
  headers: Record<string, string>;
  unsubscribeUrl: string;
}

/** Every campaign message queued in the outbox after message id `afterId`, oldest first. */
export async function queuedCampaignMail(sql: SqlExecutor, app: { config: Config }, afterId = 0): Promise<QueuedCampaignMail[]> {
  const key = deriveAuthKey(app.config, 'email-outbox');
  const { rows } = await sql.query<{ id: string | number; to_address: string; body: Uint8Array; created_at: Date | string }>(
    'SELECT id, to_address, body, created_at FROM email_outbox WHERE id > $1 AND body IS NOT NULL ORDER BY id',
    [afterId],
  );
  return rows.flatMap((row) => {
    const body = openOutboxBody(key, row.to_address, row.body);
    if (body.data.campaignId === undefined) return [];
    return [
      {
        id: Number(row.id),
        to: row.to_address,
        campaignId: Number(body.data.campaignId),
        createdAt: new Date(row.created_at),
        headers: body.headers ?? {},
        unsubscribeUrl: body.data.unsubscribeUrl ?? '',
      },
    ];
  });
}

/** The highest outbox message id so far (0 when empty). */
export async function lastOutboxId(sql: SqlExecutor): Promise<number> {
  const { rows } = await sql.query<{ id: string | number | null }>('SELECT max(id) AS id FROM email_outbox');
  return Number(rows[0]?.id ?? 0);
}

/**
 * The sender's world without the rest of the app: the API's tables, an event store, and the users,
 * subscriptions and e-mail suppressions read models as plain tables of their base names (filled by the test), so a
 * test of the sender measures the sender, not projectors polling beside it.
 */
export async function openSenderDatabase(sql: SqlClient, options: { users: number }): Promise<{ store: EventStore; config: Config; users: number[] }> {
  await migrateApiTables(sql);
  const store = await createPostgresEventStore(sql);
  await sql.exec(usersMigration({ users: 'users' }));
  await sql.exec(subscriptionsMigration({ subscriptions: 'subscriptions' }));
  await sql.exec(emailSuppressionsMigration({ email_suppressions: 'email_suppressions' }));
  const users = Array.from({ length: options.users }, (_, index) => index + 1);
  await sql.query(
    `INSERT INTO users (user_id, email, registered_at) SELECT id, 'user' || id || '@example.com', now() FROM unnest($1::integer[]) AS id`,
    [users],
  );
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: testPublicUrl }), authSecret: testAuthSecret, campaignStartDelaySeconds: 0 };
  return { store, config, users };
}

/** A sender over a bare database (openSenderDatabase). */
export function bareSender(world: { sql: SqlClient; store: EventStore; config: Config; clock: TestClock }, crashAt?: (point: SenderCrashPoint) => void) {
  return createCampaignSenderJob({
    sql: world.sql,
    store: world.store,
    clock: world.clock,
    logger: silentLogger,
    publicUrl: world.config.publicUrl,
    outboxKey: deriveAuthKey(world.config, 'email-outbox'),
    unsubscribeKey: deriveAuthKey(world.config, 'campaign-unsubscribe'),
    ...(crashAt !== undefined && { crashAt }),
  });
}

/** Queues a campaign to every member, as an administrator's request would (for other features' tests). */
export async function queueCampaignToAll(deps: CampaignCommandDeps, subject: string): Promise<{ campaignId: number }> {
  return createCampaign(deps, { subject, htmlBody: `<p>${subject}</p>`, textBody: subject, targetAudience: 'all' }, { requestId: 'test', userId: null });
}
