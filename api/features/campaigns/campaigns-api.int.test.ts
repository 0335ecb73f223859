import { createHash } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { decodeEvent } from '../../../events/catalog';
import { findUser } from '../../../projections/users/users-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { waitForLastAppend } from '../../testing/wait-for-last-append';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../../testing/test-sign-in';
import { lastOutboxId, queuedCampaignMail, seedUsers, senderFor } from './testing/campaign-fixtures';

const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));
const campaigns = '/api/admin/email-campaigns';

describeAppOnEveryDatabase('e-mail campaigns API', { config: { authSecret: testAuthSecret, adminEmails: ['admin@example.com'], campaignStartDelaySeconds: 60 }, clock }, (env) => {
  let admin: TestBrowser;
  let regular: TestBrowser;
  // The sender is no request: its events reach the read model a moment after it returns.
  const historyCaughtUp = () => waitForLastAppend(env.app, 'campaigns');
  beforeAll(async () => {
    admin = (await signInWithCode(env.app.url, 'admin@example.com')).browser;
    regular = (await signInWithCode(env.app.url, 'regular@example.com')).browser;
  });

  it('refuses every campaign call to visitors (401) and non-admins (403), and changes nothing', async () => {
    const visitor = new TestBrowser(env.app.url);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', campaigns],
      ['POST', campaigns, { subject: 'Hi', htmlBody: '<p>Hi</p>', textBody: 'Hi', targetAudience: 'all' }],
      ['POST', `${campaigns}/1/pause`],
      ['POST', `${campaigns}/1/resume`],
      ['PATCH', `${campaigns}/1/cancel`],
    ];
    for (const [method, path, body] of calls) {
      const options = body === undefined ? {} : { body };
      expect((await visitor.request(method, path, options)).status, `${method} ${path}`).toBe(401);
      expect((await regular.request(method, path, options)).status, `${method} ${path}`).toBe(403);
    }
    expect((await admin.get(campaigns)).body).toEqual([]);
  });

  it('refuses bad input with a 400 that names it, and queues nothing', async () => {
    const bad: Array<[unknown, string]> = [
      [{ subject: '  ', htmlBody: '<p>Hi</p>', targetAudience: 'test' }, 'Please fill in both subject and message'],
      [{ subject: 'Hi', htmlBody: ' ', targetAudience: 'test' }, 'Please fill in both subject and message'],
      [{ subject: 'Hi', htmlBody: '<p>Hi</p>', targetAudience: 'everyone' }, 'targetAudience must be one of test, all, pro, free'],
      [{ subject: 'Hi', htmlBody: '<p>Hi&nbsp;there</p>', textBody: '<p>Hi there</p>', targetAudience: 'test' }, 'must be the message without its HTML tags, with non-breaking spaces as plain spaces'],
      [{ htmlBody: '<p>Hi</p>', targetAudience: 'test' }, ''],
    ];
    for (const [body, message] of bad) {
      const response = await admin.post<{ error: { code: string; message: string } }>(campaigns, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.message).toContain(message);
    }
    expect((await admin.get(campaigns)).body).toEqual([]);
  });

  it('queues a test campaign for the configured recipient with the derived text, then follows the state rules', async () => {
    const created = await admin.post<Record<string, unknown>>(campaigns, { subject: ' Hello ', htmlBody: '<p>New&nbsp;songs</p>', textBody: 'New songs', targetAudience: 'test' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      subject: 'Hello',
      htmlBody: '<p>New&nbsp;songs</p>',
      textBody: 'New songs',
      targetAudience: 'test',
      status: 'pending',
      sentCount: 0,
      totalRecipients: 1,
      createdAt: clock.now().toISOString(),
    });
    const id = created.body.id as number;
    const act = (method: string, action: string, campaignId: number | string = id) => admin.request<Record<string, unknown>>(method, `${campaigns}/${campaignId}/${action}`);

    expect((await act('PATCH', 'cancel')).status).toBe(409);
    expect((await act('POST', 'resume')).status).toBe(409);
    expect((await act('POST', 'pause')).body).toMatchObject({ id, status: 'paused' });
    expect((await act('POST', 'pause')).status).toBe(409);
    expect((await act('POST', 'resume')).body).toMatchObject({ id, status: 'sending' });
    const refused = await act('PATCH', 'cancel');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'conflict', message: 'A sending campaign cannot be canceled.' } });
    expect((await act('POST', 'pause')).body).toMatchObject({ status: 'paused' });
    expect((await act('PATCH', 'cancel')).body).toMatchObject({ id, status: 'canceled', sentCount: 0 });
    for (const [method, action] of [
      ['POST', 'pause'],
      ['POST', 'resume'],
      ['PATCH', 'cancel'],
    ] as const) {
      expect((await act(method, action)).status, action).toBe(409);
      expect((await act(method, action, 999_999)).status, action).toBe(404);
      expect((await act(method, action, 'abc')).status, action).toBe(404);
    }
    // The wrong method for an action is not an action.
    expect((await act('POST', 'cancel')).status).toBe(405);
    const events = (await env.app.store.readStream(`campaign-${id}`)).map(decodeEvent);
    expect(events.map((event) => event.type)).toEqual(['CampaignCreated', 'CampaignPaused', 'CampaignResumed', 'CampaignPaused', 'CampaignCanceled']);
    expect(events[0]!.metadata.userId).toBe(1);
  });

  it('mails a test campaign to the test recipient only, with the unsubscribe headers; a GET of the link changes nothing, its one-click POST unsubscribes', async () => {
    await seedUsers(env.app, 100, 3, clock.now());
    const before = await lastOutboxId(env.sql);
    const created = await admin.post<{ id: number }>(campaigns, { subject: 'Test run', htmlBody: 'Hello', targetAudience: 'test' });
    const sender = senderFor(env.app, clock);
    expect(await sender.sendDue()).toBe(0);
    clock.advance(60_000);
    expect(await sender.sendDue()).toBe(1);
    const [mail, ...others] = await queuedCampaignMail(env.sql, env.app, before);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: 'admin@example.com', campaignId: created.body.id });
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${mail!.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The mail is out before the batch that completes the campaign is appended and folded.
    await historyCaughtUp();
    await expect.poll(async () => (await admin.get<Array<{ status: string; sentCount: number }>>(campaigns)).body[0]).toMatchObject({ status: 'completed', sentCount: 1 });

    const link = new URL(mail!.unsubscribeUrl);
    const path = `${link.pathname}${link.search}`;
    const stranger = new TestBrowser(env.app.url);
    const page = await stranger.get<string>(path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Unsubscribe from announcements?');
    expect((await findUser(env.sql, 1))?.unsubscribedAnnouncements).toBe(false);
    // Styled inline, allowed by the style's own hash and nothing broader.
    const styled = await fetch(`${env.app.url}${path}`);
    const html = await styled.text();
    const inlineStyle = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inlineStyle).toContain('background: #0e1014');
    const policy = styled.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`style-src 'self' 'sha256-${createHash('sha256').update(inlineStyle).digest('base64')}'`);
    expect(policy).not.toContain('unsafe-inline');

    // What a mail provider sends (RFC 8058): a form body, no cookie, no Origin.
    const oneClick = await fetch(`${env.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    expect((await findUser(env.sql, 1))?.unsubscribedAnnouncements).toBe(true);
    expect((await fetch(`${env.app.url}${path}`, { method: 'POST' })).status).toBe(200);
    const types = (await env.app.store.readStream('user-1')).map((event) => event.type);
    expect(types.filter((type) => type === 'AnnouncementsUnsubscribed')).toHaveLength(1);

    const tampered = path.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    expect((await fetch(`${env.app.url}${tampered}`, { method: 'POST' })).status).toBe(400);
    expect((await stranger.get(tampered)).status).toBe(400);
    await admin.post('/api/email-preferences/resubscribe');
  });

  it('keeps a change the log could not take at once: 503 "saved but not visible yet", and the sender appends its event', async () => {
    const store = env.app.store;
    const append = store.append.bind(store);
    // The log is unreachable for this one request, after the schedule committed.
    store.append = () => Promise.reject(new Error('event log unreachable'));
    let response;
    try {
      response = await admin.post<{ error: { code: string; message: string } }>(campaigns, { subject: 'Saved anyway', htmlBody: 'Hello', targetAudience: 'test' });
    } finally {
      store.append = append;
    }
    expect(response.status).toBe(503);
    expect(response.body.error).toEqual({ code: 'not_ready', message: 'The change is saved but not visible yet. Please reload in a moment.' });
    const { rows } = await env.sql.query<{ campaign_id: number }>(`SELECT campaign_id FROM campaign_schedule ORDER BY campaign_id DESC LIMIT 1`);
    const campaignId = Number(rows[0]!.campaign_id);
    expect((await env.app.store.readStream(`campaign-${campaignId}`)).length).toBe(0);

    await senderFor(env.app, clock).sendDue();
    expect((await env.app.store.readStream(`campaign-${campaignId}`)).map((event) => event.type)).toEqual(['CampaignCreated']);
    await historyCaughtUp();
    expect((await admin.get<Array<{ id: number; subject: string }>>(campaigns)).body.find((campaign) => campaign.id === campaignId)).toMatchObject({ subject: 'Saved anyway' });
    // Out of the next test's way: a pending campaign is paused, then canceled (the spec's rules).
    expect((await admin.post(`${campaigns}/${campaignId}/pause`)).status).toBe(200);
    const canceled = await admin.patch(`${campaigns}/${campaignId}/cancel`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
  });

  it('sends to all, Pro or free accounts that take announcements; an unsubscribe before a batch excludes that recipient', async () => {
    const before = await lastOutboxId(env.sql);
    const all = await admin.post<{ id: number; totalRecipients: number }>(campaigns, { subject: 'All', htmlBody: 'Hi all', targetAudience: 'all' });
    // admin, regular and the three seeded accounts.
    expect(all.body.totalRecipients).toBe(5);
    const pro = await admin.post<{ totalRecipients: number }>(campaigns, { subject: 'Pro', htmlBody: 'Hi Pro', targetAudience: 'pro' });
    expect(pro.body.totalRecipients).toBe(0);
    const free = await admin.post<{ totalRecipients: number }>(campaigns, { subject: 'Free', htmlBody: 'Hi free', targetAudience: 'free' });
    expect(free.body.totalRecipients).toBe(5);

    const regularUser = await regular.get<{ id: number }>('/api/auth/me');
    await regular.post('/api/email-preferences/unsubscribe');
    clock.advance(60_000);
    await senderFor(env.app, clock).sendDue();
    const mail = (await queuedCampaignMail(env.sql, env.app, before)).filter((queued) => queued.campaignId === all.body.id);
    expect(mail.map((queued) => queued.to).sort()).toEqual(['admin@example.com', 'user100@example.com', 'user101@example.com', 'user102@example.com']);
    await historyCaughtUp();
    const list = (await admin.get<Array<{ id: number; status: string; sentCount: number; totalRecipients: number }>>(campaigns)).body;
    expect(list.find((campaign) => campaign.id === all.body.id)).toMatchObject({ status: 'completed', sentCount: 4, totalRecipients: 5 });
    expect(regularUser.body.id).toBe(2);
  });
});
