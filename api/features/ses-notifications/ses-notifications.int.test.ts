import { expect, it } from 'vitest';
import { decodeEvent } from '../../../events/catalog';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { emailSuppression } from '../../../projections/email-suppressions/email-suppressions-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { waitForLastAppend } from '../../testing/wait-for-last-append';
import type { TestApp } from '../../testing/start-test-app';
import { testAuthSecret, testClock } from '../../testing/test-sign-in';
import { lastOutboxId, queueCampaignToAll, queuedCampaignMail, seedUsers, senderFor } from '../campaigns/testing/campaign-fixtures';
import { emailFeedbackStream } from './record-ses-feedback';
import { sesNotificationsRouter } from './ses-notifications-router';
import { bounceNotification, complaintNotification, subscriptionConfirmation } from './testing/sns-messages';

const token = 'a'.repeat(20) + 'B7-_'.repeat(5);
const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));

/** Post as SNS does: JSON labelled text/plain, with its message-type header. */
async function postAsSns(app: TestApp, pathToken: string, body: Record<string, unknown> | string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${app.url}/api/ses/notifications/${pathToken}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=UTF-8', ...(typeof body === 'object' && { 'x-amz-sns-message-type': String(body.Type) }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? '' : (JSON.parse(text) as unknown) };
}

async function countEvents(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

describeAppOnEveryDatabase(
  'SES bounces and complaints',
  { config: { authSecret: testAuthSecret, sesNotificationsToken: token, campaignStartDelaySeconds: 0 }, clock },
  (env) => {
    const caughtUp = () => waitForLastAppend(env.app, 'email-suppressions');

    it('stops campaign mail to an address after a permanent bounce or a complaint, not after a transient bounce; the others still get it', async () => {
      const users = await seedUsers(env.app, 1, 4, clock.now());
      const world = { sql: env.app.sql, store: env.app.store, config: env.app.config, clock };
      const { campaignId } = await queueCampaignToAll(world, 'News');

      const posted = [
        await postAsSns(env.app, token, bounceNotification({ messageId: 'b0a7f1c2-0000-4000-8000-000000000001', bounceType: 'Permanent', emails: ['User1@example.com'] })),
        await postAsSns(env.app, token, complaintNotification({ messageId: 'b0a7f1c2-0000-4000-8000-000000000002', emails: ['user2@example.com'] })),
        await postAsSns(env.app, token, bounceNotification({ messageId: 'b0a7f1c2-0000-4000-8000-000000000003', bounceType: 'Transient', emails: ['user3@example.com'] })),
      ];
      expect(posted.map((answer) => answer.status)).toEqual([204, 204, 204]);
      await caughtUp();
      expect(await emailSuppression(env.sql, 'user1@example.com')).toEqual({ reason: 'bounce', since: new Date('2025-10-16T09:04:58.000Z') });
      expect(await emailSuppression(env.sql, 'user2@example.com')).toEqual({ reason: 'complaint', since: new Date('2025-10-16T09:04:59.000Z') });
      expect(await emailSuppression(env.sql, 'user3@example.com')).toBeNull();
      const transient = (await env.app.store.readStream(emailFeedbackStream('user3@example.com'))).map(decodeEvent);
      expect(transient.map((event) => [event.type, event.data])).toEqual([['EmailBounced', { email: 'user3@example.com', bounceType: 'Transient', at: '2025-10-16T09:04:58.000Z' }]]);

      const before = await lastOutboxId(env.sql);
      expect(await senderFor(env.app, clock).sendDue()).toBe(2);
      const mail = (await queuedCampaignMail(env.sql, env.app, before)).filter((queued) => queued.campaignId === campaignId);
      expect(mail.map((queued) => queued.to).sort()).toEqual(['user3@example.com', 'user4@example.com']);
      // Passed over, like an unsubscribed recipient: in the batch's record, not in its sent count.
      const batch = (await env.app.store.readStream(`campaign-${campaignId}`)).map(decodeEvent).find((event) => event.type === 'CampaignBatchSent');
      expect(batch?.data).toMatchObject({ sentCount: 2, recipientUserIds: [users[2], users[3]], unsubscribedUserIds: [users[0], users[1]] });

      // A campaign queued afterwards leaves the suppressed addresses out of its audience.
      const later = await queueCampaignToAll(world, 'More');
      const { rows } = await env.sql.query<{ email: string }>('SELECT email FROM campaign_recipients WHERE campaign_id = $1 ORDER BY email', [later.campaignId]);
      expect(rows.map((row) => row.email)).toEqual(['user3@example.com', 'user4@example.com']);
    });

    it('records a redelivered message (same MessageId) once', async () => {
      const body = complaintNotification({ messageId: 'c0a7f1c2-0000-4000-8000-000000000009', emails: ['twice@example.com', 'also@example.com'] });
      expect((await postAsSns(env.app, token, body)).status).toBe(204);
      const after = await countEvents(env.sql);
      expect((await postAsSns(env.app, token, body)).status).toBe(204);
      expect(await countEvents(env.sql)).toBe(after);
      expect((await env.app.store.readStream(emailFeedbackStream('twice@example.com'))).map((event) => event.type)).toEqual(['EmailComplained']);
      // Another message about the same address is another report.
      expect((await postAsSns(env.app, token, { ...body, MessageId: 'c0a7f1c2-0000-4000-8000-000000000010' })).status).toBe(204);
      expect(await env.app.store.readStream(emailFeedbackStream('twice@example.com'))).toHaveLength(2);
    });

    it('answers a wrong or missing token with 404 and records nothing, and never logs the token', async () => {
      const body = bounceNotification({ messageId: 'd0a7f1c2-0000-4000-8000-000000000001', bounceType: 'Permanent', emails: ['victim@example.com'] });
      const before = await countEvents(env.sql);
      for (const wrong of [`${token.slice(0, -1)}x`, 'short', token.toUpperCase()]) {
        const answer = await postAsSns(env.app, wrong, body);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ error: { code: 'not_found', message: 'No API route for this address.' } });
      }
      expect((await fetch(`${env.app.url}/api/ses/notifications/`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) })).status).toBe(404);
      expect(await countEvents(env.sql)).toBe(before);
      const logged = JSON.stringify(env.app.logLines());
      expect(logged).toContain('/api/ses/notifications/[redacted]');
      expect(logged).not.toContain(token);
    });

    it('refuses a malformed body with a 400 that names the problem, recording nothing', async () => {
      const before = await countEvents(env.sql);
      const bounce = bounceNotification({ messageId: 'e0a7f1c2-0000-4000-8000-000000000001', bounceType: 'Permanent', emails: ['x@example.com'] });
      const cases: Array<[Record<string, unknown> | string, string]> = [
        ['{not json', 'The body is not JSON.'],
        [{ ...bounce, Type: undefined }, 'The body is not an SNS message: Type'],
        [{ ...bounce, Message: '{"notificationType":"Bounce","bounce":{"bounceType":"Permanent","bouncedRecipients":[{"emailAddress":"nobody"}],"timestamp":"2025-10-16T09:00:00.000Z"}}' }, 'The bounce is not understood: bounce.bouncedRecipients.0.emailAddress'],
      ];
      for (const [body, problem] of cases) {
        const answer = await postAsSns(env.app, token, body);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: { code: 'invalid_request' } });
        expect((answer.body as { error: { message: string } }).error.message).toContain(problem);
      }
      expect(await countEvents(env.sql)).toBe(before);
    });
  },
);

describeAppOnEveryDatabase('SES notifications without a token configured', { config: { authSecret: testAuthSecret } }, (env) => {
  it('answers 404 to any token', async () => {
    const answer = await postAsSns(env.app, 'a'.repeat(40), bounceNotification({ messageId: 'f0a7f1c2-0000-4000-8000-000000000001', bounceType: 'Permanent', emails: ['x@example.com'] }));
    expect(answer.status).toBe(404);
    expect(await countEvents(env.sql)).toBe(0);
  });
});

const confirmed: URL[] = [];
const topicArn = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';

describeAppOnEveryDatabase(
  'SNS subscription confirmation for SES notifications',
  {
    config: { authSecret: testAuthSecret, sesNotificationsToken: token, sesNotificationsTopicArn: topicArn },
    // The confirmer stands in for the network: SNS's address is never reached from a test.
    routers: (deps) => [sesNotificationsRouter(deps, { confirmSubscription: async (url) => void confirmed.push(url) })],
  },
  (env) => {
    it("confirms at SNS's own address only, and takes no message of another topic", async () => {
      confirmed.length = 0;
      const good = 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn%3Aaws%3Asns%3Aeu-west-1%3A123456789012%3Ases-feedback&Token=2336412f37';
      const refused = await postAsSns(env.app, token, subscriptionConfirmation({ messageId: 'a1a7f1c2-0000-4000-8000-000000000001', subscribeUrl: 'https://evil.example/confirm' }));
      expect(refused).toEqual({ status: 400, body: { error: { code: 'invalid_request', message: "SubscribeURL is not an https address of the topic region's SNS." } } });
      const plainHttp = await postAsSns(env.app, token, subscriptionConfirmation({ messageId: 'a1a7f1c2-0000-4000-8000-000000000002', subscribeUrl: good.replace('https:', 'http:') }));
      expect(plainHttp.status).toBe(400);
      expect(confirmed).toEqual([]);

      expect((await postAsSns(env.app, token, subscriptionConfirmation({ messageId: 'a1a7f1c2-0000-4000-8000-000000000003', subscribeUrl: good }))).status).toBe(204);
      expect(confirmed.map((url) => url.href)).toEqual([new URL(good).href]);

      const otherTopic = 'arn:aws:sns:eu-west-1:123456789012:someone-else';
      const before = await countEvents(env.sql);
      const foreign = await postAsSns(env.app, token, bounceNotification({ messageId: 'a1a7f1c2-0000-4000-8000-000000000004', topicArn: otherTopic, bounceType: 'Permanent', emails: ['x@example.com'] }));
      expect(foreign).toEqual({ status: 403, body: { error: { code: 'forbidden', message: 'This endpoint takes messages of another SNS topic.' } } });
      const foreignConfirmation = await postAsSns(
        env.app,
        token,
        subscriptionConfirmation({ messageId: 'a1a7f1c2-0000-4000-8000-000000000005', topicArn: otherTopic, subscribeUrl: good.replace('ses-feedback', 'someone-else') }),
      );
      expect(foreignConfirmation.status).toBe(403);
      expect(confirmed).toHaveLength(1);
      expect(await countEvents(env.sql)).toBe(before);
    });
  },
);
