import { expect, it } from 'vitest';
import { findUser } from '../../../projections/users/users-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

async function typesOf(app: TestApp, userId: number): Promise<string[]> {
  return (await app.store.readStream(`user-${userId}`)).map((event) => event.type);
}

describeAppOnEveryDatabase('account', { config: { authSecret: testAuthSecret } }, (env) => {
  it('dismisses a tutorial for good, once', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'tutorials@example.com');
    const dismissed = await browser.patch('/api/user/tutorial-dismissal', { tutorialKaraokeDismissed: true });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ id: user.id, tutorialKaraokeDismissed: true, tutorialWelcomeDismissed: false });
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ tutorialKaraokeDismissed: true });
    expect((await findUser(env.sql, user.id))?.dismissedTutorials).toEqual(['karaoke']);
    expect(await typesOf(env.app, user.id)).toEqual(['UserRegistered', 'UserSignedIn', 'TutorialDismissed']);

    // Again: nothing new is appended.
    expect((await browser.patch('/api/user/tutorial-dismissal', { tutorialKaraokeDismissed: true })).status).toBe(200);
    await browser.patch('/api/user/tutorial-dismissal', { tutorialWelcomeDismissed: true });
    expect(await typesOf(env.app, user.id)).toEqual(['UserRegistered', 'UserSignedIn', 'TutorialDismissed', 'TutorialDismissed']);
    const events = await env.app.store.readStream(`user-${user.id}`);
    expect(events.at(-1)?.data).toEqual({ userId: user.id, tutorial: 'welcome' });
  });

  it('refuses tutorial bodies that are not exactly one flag set to true', async () => {
    const { browser } = await signInWithCode(env.app.url, 'sloppy@example.com');
    for (const body of [{}, { tutorialWelcomeDismissed: false }, { tutorialWelcomeDismissed: true, tutorialBassDismissed: true }, { tutorialPianoDismissed: true }]) {
      const response = await browser.patch('/api/user/tutorial-dismissal', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps player preferences, defaulting to chords shown on the master track', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'chords@example.com');
    expect((await browser.get('/api/user/preferences')).body).toEqual({ showChordsPreference: true, chordInstrumentPreference: 'master' });

    const changed = await browser.patch('/api/user/preferences', { chordInstrumentPreference: 'bass' });
    expect(changed.body).toEqual({ showChordsPreference: true, chordInstrumentPreference: 'bass' });
    await browser.patch('/api/user/preferences', { showChordsPreference: false, chordInstrumentPreference: 'bass' });
    expect((await browser.get('/api/user/preferences')).body).toEqual({ showChordsPreference: false, chordInstrumentPreference: 'bass' });
    const events = (await env.app.store.readStream(`user-${user.id}`)).filter((event) => event.type === 'UserPreferencesChanged');
    // The second change only carries what changed.
    expect(events.map((event) => event.data)).toEqual([
      { userId: user.id, chordInstrumentPreference: 'bass' },
      { userId: user.id, showChordsPreference: false },
    ]);

    expect((await browser.patch('/api/user/preferences', { chordInstrumentPreference: 'drums' })).status).toBe(400);
    expect((await browser.patch('/api/user/preferences', {})).status).toBe(400);
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestBrowser(env.app.url);
    expect((await visitor.get('/api/auth/me')).status).toBe(401);
    expect((await visitor.get('/api/user/preferences')).status).toBe(401);
    expect((await visitor.patch('/api/user/preferences', { showChordsPreference: false })).status).toBe(401);
    expect((await visitor.patch('/api/user/tutorial-dismissal', { tutorialWelcomeDismissed: true })).status).toBe(401);
  });
});
