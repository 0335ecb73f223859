import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEvent } from '../../../events/catalog';
import type { EventStore } from '../../../events/store/event-store';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../../events/store/testing/test-sql-clients';
import { createEmailDeliveryJob } from '../../adapters/email/email-delivery-job';
import { createSesEmailSender } from '../../adapters/email/ses-email-sender';
import { deriveAuthKey } from '../../config/auth-secret';
import type { Config } from '../../config/env';
import { testClock } from '../../testing/test-sign-in';
import { campaignBatchIntervalMs, changeCampaign, createCampaign, readSchedule } from './campaign-commands';
import { prunePublishedCampaignEvents, publishedCampaignEventRetentionMs } from './campaign-event-outbox';
import type { SenderCrashPoint } from './campaign-sender-job';
import { bareSender, lastOutboxId, openSenderDatabase, queuedCampaignMail, silentLogger } from './testing/campaign-fixtures';
import { startFakeSes } from './testing/fake-ses';

const cause = { requestId: 'test-request', userId: 1 };
const message = { subject: 'New songs', htmlBody: '<p>Three&nbsp;new songs</p>', textBody: 'Three new songs', targetAudience: 'all' as const };

/** Thrown by the crash hook: the sender "dies" there. */
class SimulatedCrash extends Error {}

/**
 * Where the first sender dies (`byAbort`: is stopped by its signal, as on SIGTERM, instead). The 50
 * sends run one after another through the same code, so a send's place in the batch matters only at
 * its ends: the first, the second (one send already made), a middle one, and the last two. A stop
 * by signal is seen between steps, never inside a transaction, so it has no inside points; the
 * batch's close comes once, after every send.
 */
const crashScenarios: readonly { point: SenderCrashPoint; crashAfter: number; byAbort: boolean }[] = [
  ...(['before-send', 'inside-send', 'after-send'] as const).flatMap((point) =>
    [0, 1, 25, 48, 49].flatMap((crashAfter) => [false, true].filter((byAbort) => !(byAbort && point === 'inside-send')).map((byAbort) => ({ point, crashAfter, byAbort }))),
  ),
  ...(['before-batch-close', 'inside-batch-close', 'after-batch-close'] as const).flatMap((point) =>
    [false, true].filter((byAbort) => !(byAbort && point === 'inside-batch-close')).map((byAbort) => ({ point, crashAfter: 0, byAbort })),
  ),
];

for (const candidate of availableSqlClients()) {
  describe(`campaign sender on ${candidate.name}`, () => {
    const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));
    let sql: SqlClient;
    let store: EventStore;
    let config: Config;
    let users: number[];
    const world = () => ({ sql, store, config, clock });
    beforeAll(async () => {
      sql = await candidate.open();
      ({ store, config, users } = await openSenderDatabase(sql, { users: 50 }));
    });
    afterAll(async () => {
      await store?.close();
      await sql?.close();
    });

    const addresses = (ids: readonly number[]) => ids.map((id) => `user${id}@example.com`).sort();
    const campaignEvents = async (campaignId: number) => (await store.readStream(`campaign-${campaignId}`)).map(decodeEvent);
    const ledgerCount = async (campaignId: number) =>
      Number((await sql.query<{ count: string }>('SELECT count(*) AS count FROM campaign_sends WHERE campaign_id = $1', [campaignId])).rows[0]!.count);
    const mailOf = async (campaignId: number, after = 0) => (await queuedCampaignMail(sql, { config }, after)).filter((mail) => mail.campaignId === campaignId);

    it(`killed or stopped at each point around the first, second, a middle and the last two of its 50 sends (${crashScenarios.length} runs): every recipient mailed exactly once, none skipped, never complete early`, async () => {
      const ses = await startFakeSes();
      const outboxKey = deriveAuthKey(config, 'email-outbox');
      const sesSender = createSesEmailSender({ region: 'eu-west-1', fromAddress: 'Woodshed <hello@woodshed.example>', endpoint: ses.url, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' } });
      const sesDelivery = createEmailDeliveryJob({ sql, clock, logger: silentLogger, sender: sesSender, key: outboxKey });
      try {
        for (const [run, { point, crashAfter, byAbort }] of crashScenarios.entries()) {
          const before = await lastOutboxId(sql);
          const { campaignId } = await createCampaign(world(), { ...message, subject: `Run ${run}` }, cause);
          const label = `run ${run}: ${byAbort ? 'stopped' : 'killed'} ${point}${point.includes('batch') ? '' : ` after ${crashAfter} sends`}`;
          const stop = new AbortController();
          let attempts = 0;
          const dying = bareSender(world(), (at) => {
            if (at === 'before-send') attempts++;
            if (at !== point || (!at.includes('batch') && attempts <= crashAfter)) return;
            if (byAbort) stop.abort();
            else throw new SimulatedCrash(label);
          });
          await dying.sendDue(stop.signal).catch((error: unknown) => {
            if (!(error instanceof SimulatedCrash)) throw error;
          });
          const afterCrash = (await readSchedule(sql, campaignId))!;
          if (afterCrash.state === 'completed') expect(await ledgerCount(campaignId), label).toBe(50);
          else expect((await campaignEvents(campaignId)).map((event) => event.type), label).not.toContain('CampaignCompleted');

          // A new sender, knowing only the database, finishes the campaign.
          await bareSender(world()).sendDue();
          expect((await readSchedule(sql, campaignId))!.state, label).toBe('completed');
          expect((await mailOf(campaignId, before)).map((mail) => mail.to).sort(), label).toEqual(addresses(users));
          const events = await campaignEvents(campaignId);
          expect(events.map((event) => event.type), label).toEqual(['CampaignCreated', 'CampaignBatchSent', 'CampaignCompleted']);
          const batch = events[1]!;
          if (batch.type !== 'CampaignBatchSent') throw new Error(label);
          expect([...batch.data.recipientUserIds].sort((a, b) => a - b), label).toEqual(users);
          expect(events[2]!.data, label).toEqual({ campaignId, sentCount: 50 });

          // Delivery, every tenth run: the outbox hands the mail to SES v2 through the real SDK over
          // HTTP, one SendEmail per recipient with the unsubscribe headers. (The other runs' mail is
          // marked delivered as it is: delivering it every time would test the delivery job, not the sender.)
          if (run % 10 === 0) {
            const from = ses.mails.length;
            await sesDelivery.deliverDue();
            const received = ses.mails.slice(from);
            expect(received.map((sent) => sent.to).sort(), label).toEqual(addresses(users));
            for (const sent of received) {
              expect(sent.headers['List-Unsubscribe']).toMatch(new RegExp(`^<http://woodshed\\.test/api/email-campaigns/unsubscribe\\?token=\\d+\\.${campaignId}\\.[\\w-]{43}>$`));
              expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
            }
          } else {
            await sql.query('UPDATE email_outbox SET sent_at = $2 WHERE id > $1 AND sent_at IS NULL', [before, clock.now()]);
          }
        }
      } finally {
        sesSender.close();
        await ses.close();
      }
    }, 300_000);

    describe('with 120 recipients (three batches)', () => {
      beforeAll(async () => {
        await sql.query(
          `INSERT INTO users (user_id, email, registered_at) SELECT id, 'user' || id || '@example.com', now() FROM generate_series(51, 120) AS id`,
        );
      });
      const all = Array.from({ length: 120 }, (_, index) => index + 1);

      it('sends batches of 50 at least 22 minutes apart, and a sender that was down sends one batch, not the missed ones at once', async () => {
        const before = await lastOutboxId(sql);
        const { campaignId } = await createCampaign(world(), message, cause);
        const sender = bareSender(world());
        expect(await sender.sendDue()).toBe(50);
        expect(await sender.sendDue()).toBe(0);
        clock.advance(campaignBatchIntervalMs - 1_000);
        expect(await sender.sendDue()).toBe(0);
        // Down for three hours: one batch on return, the next 22 minutes later.
        clock.advance(3 * 60 * 60_000);
        expect(await sender.sendDue()).toBe(50);
        expect(await sender.sendDue()).toBe(0);
        clock.advance(campaignBatchIntervalMs);
        expect(await sender.sendDue()).toBe(20);
        expect((await readSchedule(sql, campaignId))!.state).toBe('completed');

        const mail = await mailOf(campaignId, before);
        expect(mail.map((queued) => queued.to).sort()).toEqual(addresses(all));
        const { rows } = await sql.query<{ batch_number: number; first: Date; last: Date; count: string }>(
          `SELECT batch_number, min(decided_at) AS first, max(decided_at) AS last, count(*) AS count FROM campaign_sends WHERE campaign_id = $1 GROUP BY batch_number ORDER BY batch_number`,
          [campaignId],
        );
        expect(rows.map((row) => Number(row.count))).toEqual([50, 50, 20]);
        for (let index = 1; index < rows.length; index++) {
          expect(new Date(rows[index]!.first).getTime() - new Date(rows[index - 1]!.last).getTime()).toBeGreaterThanOrEqual(campaignBatchIntervalMs);
        }
        const batches = (await campaignEvents(campaignId)).filter((event) => event.type === 'CampaignBatchSent');
        expect(batches.map((event) => event.data)).toEqual([
          expect.objectContaining({ batchNumber: 1, sentCount: 50, unsubscribedUserIds: [] }),
          expect.objectContaining({ batchNumber: 2, sentCount: 50 }),
          expect.objectContaining({ batchNumber: 3, sentCount: 20 }),
        ]);
      });

      it('after a pause sends nothing, even mid-batch; a resume sends only the rest, spaced from the last batch', async () => {
        const before = await lastOutboxId(sql);
        const { campaignId } = await createCampaign(world(), message, cause);
        // Paused by an administrator while the sender is at its 20th send of the first batch.
        let attempts = 0;
        let paused = false;
        const sender = bareSender(world(), (at) => {
          if (at === 'before-send' && ++attempts === 21 && !paused) {
            paused = true;
            throw new SimulatedCrash('pause reached');
          }
        });
        await sender.sendDue().catch(() => undefined);
        await changeCampaign(world(), campaignId, 'pause', cause);
        const plain = bareSender(world());
        for (let step = 0; step < 5; step++) {
          clock.advance(campaignBatchIntervalMs);
          expect(await plain.sendDue()).toBe(0);
        }
        expect(await mailOf(campaignId, before)).toHaveLength(20);

        await changeCampaign(world(), campaignId, 'resume', cause);
        expect(await plain.sendDue()).toBe(30);
        clock.advance(campaignBatchIntervalMs);
        expect(await plain.sendDue()).toBe(50);
        // Paused between batches, resumed at once: the next batch still waits its 22 minutes.
        await changeCampaign(world(), campaignId, 'pause', cause);
        await changeCampaign(world(), campaignId, 'resume', cause);
        expect(await plain.sendDue()).toBe(0);
        clock.advance(campaignBatchIntervalMs);
        expect(await plain.sendDue()).toBe(20);
        const mail = await mailOf(campaignId, before);
        expect(mail.map((queued) => queued.to).sort()).toEqual(addresses(all));
        expect((await campaignEvents(campaignId)).map((event) => event.type)).toEqual([
          'CampaignCreated',
          'CampaignPaused',
          'CampaignResumed',
          'CampaignBatchSent',
          'CampaignBatchSent',
          'CampaignPaused',
          'CampaignResumed',
          'CampaignBatchSent',
          'CampaignCompleted',
        ]);
      });

      it('a cancel stops everything, recording the part of the batch already sent', async () => {
        const before = await lastOutboxId(sql);
        const { campaignId } = await createCampaign(world(), message, cause);
        let attempts = 0;
        await bareSender(world(), (at) => {
          if (at === 'before-send' && ++attempts === 11) throw new SimulatedCrash('stop at 10');
        })
          .sendDue()
          .catch(() => undefined);
        await changeCampaign(world(), campaignId, 'pause', cause);
        await changeCampaign(world(), campaignId, 'cancel', cause);
        const plain = bareSender(world());
        for (let step = 0; step < 5; step++) {
          clock.advance(campaignBatchIntervalMs);
          expect(await plain.sendDue()).toBe(0);
        }
        expect(await mailOf(campaignId, before)).toHaveLength(10);
        const events = await campaignEvents(campaignId);
        expect(events.map((event) => event.type)).toEqual(['CampaignCreated', 'CampaignPaused', 'CampaignBatchSent', 'CampaignCanceled']);
        expect(events[2]!.data).toMatchObject({ batchNumber: 1, sentCount: 10, recipientUserIds: all.slice(0, 10) });
        expect(events[3]!.data).toEqual({ campaignId, sentCount: 10 });
      });

      it('passes over a recipient who unsubscribed before their batch', async () => {
        const before = await lastOutboxId(sql);
        const { campaignId } = await createCampaign(world(), message, cause);
        const sender = bareSender(world());
        expect(await sender.sendDue()).toBe(50);
        // User 60 (second batch) and user 3 (already mailed) unsubscribe now.
        await sql.query('UPDATE users SET unsubscribed_announcements = true WHERE user_id IN (3, 60)');
        clock.advance(campaignBatchIntervalMs);
        expect(await sender.sendDue()).toBe(49);
        clock.advance(campaignBatchIntervalMs);
        expect(await sender.sendDue()).toBe(20);
        const mail = await mailOf(campaignId, before);
        expect(mail.map((queued) => queued.to).sort()).toEqual(addresses(all.filter((id) => id !== 60)));
        const events = await campaignEvents(campaignId);
        expect(events.filter((event) => event.type === 'CampaignBatchSent').map((event) => event.data)[1]).toMatchObject({ sentCount: 49, unsubscribedUserIds: [60] });
        expect(events.at(-1)!.data).toEqual({ campaignId, sentCount: 119 });
        await sql.query('UPDATE users SET unsubscribed_announcements = false WHERE user_id IN (3, 60)');
      });

      it('prunes campaign events a week after they reached the log, never one still waiting to be appended', async () => {
        const outbox = async () =>
          (await sql.query<{ seq: string; published: boolean }>('SELECT seq, published_at IS NOT NULL AS published FROM campaign_event_outbox ORDER BY seq')).rows;
        const published = (await outbox()).filter((row) => row.published);
        expect(published.length).toBeGreaterThan(0);
        expect(await prunePublishedCampaignEvents(sql, clock.now())).toBe(0);

        // One event that a sender recorded but died before appending.
        const waiting = published.at(-1)!.seq;
        await sql.query('UPDATE campaign_event_outbox SET published_at = NULL WHERE seq = $1', [waiting]);
        clock.advance(publishedCampaignEventRetentionMs + 1);
        expect(await prunePublishedCampaignEvents(sql, clock.now())).toBe(published.length - 1);
        expect(await outbox()).toEqual([{ seq: waiting, published: false }]);

        // The sender's pass publishes it (a no-op in the log: its id is there) and prunes it a week later.
        const sender = bareSender(world());
        await sender.sendDue();
        expect(await outbox()).toEqual([{ seq: waiting, published: true }]);
        clock.advance(publishedCampaignEventRetentionMs + 1);
        await sender.sendDue();
        expect(await outbox()).toEqual([]);
      });
    });
  });
}
