import { expect, it } from 'vitest';
import { findUser } from '../../../projections/users/users-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

describeAppOnEveryDatabase('e-mail preferences', { config: { authSecret: testAuthSecret } }, (env) => {
  it('unsubscribes and resubscribes the signed-in user, each change once', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'reader@example.com');
    expect((await browser.get('/api/email-preferences')).body).toEqual({ unsubscribedAnnouncements: false });

    const off = await browser.post('/api/email-preferences/unsubscribe');
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ unsubscribedAnnouncements: true, message: 'You will no longer receive announcements.' });
    expect((await browser.get('/api/email-preferences')).body).toEqual({ unsubscribedAnnouncements: true });
    expect((await browser.post('/api/email-preferences/unsubscribe')).status).toBe(200);
    expect((await findUser(env.sql, user.id))?.unsubscribedAnnouncements).toBe(true);

    const on = await browser.post('/api/email-preferences/resubscribe');
    expect(on.body).toEqual({ unsubscribedAnnouncements: false, message: 'You will receive announcements again.' });
    expect((await browser.get('/api/email-preferences')).body).toEqual({ unsubscribedAnnouncements: false });
    const types = (await env.app.store.readStream(`user-${user.id}`)).map((event) => event.type);
    expect(types).toEqual(['UserRegistered', 'UserSignedIn', 'AnnouncementsUnsubscribed', 'AnnouncementsResubscribed']);
  });

  it("changes only the session user's preferences, whatever userId the address carries", async () => {
    const owner = await signInWithCode(env.app.url, 'owner@example.com');
    const other = await signInWithCode(env.app.url, 'other@example.com');
    const response = await other.browser.post(`/api/email-preferences/unsubscribe?userId=${owner.user.id}`);
    expect(response.status).toBe(200);
    expect((await findUser(env.sql, owner.user.id))?.unsubscribedAnnouncements).toBe(false);
    expect((await findUser(env.sql, other.user.id))?.unsubscribedAnnouncements).toBe(true);
    expect((await owner.browser.get(`/api/email-preferences?userId=${other.user.id}`)).body).toEqual({ unsubscribedAnnouncements: false });
  });

  it('answers 401 to visitors, even with a userId', async () => {
    const visitor = new TestBrowser(env.app.url);
    expect((await visitor.get('/api/email-preferences')).status).toBe(401);
    expect((await visitor.post('/api/email-preferences/unsubscribe?userId=1')).status).toBe(401);
    expect((await visitor.post('/api/email-preferences/resubscribe')).status).toBe(401);
  });
});
