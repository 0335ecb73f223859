import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../../events/store/testing/test-sql-clients';
import { findUser } from '../../../projections/users/users-queries';
import { startTestApp } from '../../testing/start-test-app';
import type { TestApp } from '../../testing/start-test-app';
import { TestBrowser } from '../auth/testing/test-browser';
import { signInWithCode, testAuthSecret } from '../auth/testing/test-sign-in';

async function typesOf(app: TestApp, userId: number): Promise<string[]> {
  return (await app.store.readStream(`user-${userId}`)).map((event) => event.type);
}

for (const candidate of availableSqlClients()) {
  describe(`account on ${candidate.name}`, () => {
    let sql: SqlClient;
    let app: TestApp;
    beforeAll(async () => {
      sql = await candidate.open();
      app = await startTestApp({ sql, config: { authSecret: testAuthSecret } });
    });
    afterAll(async () => {
      await app?.stop();
      await sql?.close();
    });

    it('dismisses a tutorial for good, once', async () => {
      const { browser, user } = await signInWithCode(app.url, 'tutorials@example.com');
      const dismissed = await browser.patch('/api/user/tutorial-dismissal', { tutorialKaraokeDismissed: true });
      expect(dismissed.status).toBe(200);
      expect(dismissed.body).toMatchObject({ id: user.id, tutorialKaraokeDismissed: true, tutorialWelcomeDismissed: false });
      expect((await browser.get('/api/auth/me')).body).toMatchObject({ tutorialKaraokeDismissed: true });
      expect((await findUser(sql, user.id))?.dismissedTutorials).toEqual(['karaoke']);
      expect(await typesOf(app, user.id)).toEqual(['UserRegistered', 'UserSignedIn', 'TutorialDismissed']);

      // Again: nothing new is appended.
      expect((await browser.patch('/api/user/tutorial-dismissal', { tutorialKaraokeDismissed: true })).status).toBe(200);
      await browser.patch('/api/user/tutorial-dismissal', { tutorialWelcomeDismissed: true });
      expect(await typesOf(app, user.id)).toEqual(['UserRegistered', 'UserSignedIn', 'TutorialDismissed', 'TutorialDismissed']);
      const events = await app.store.readStream(`user-${user.id}`);
      expect(events.at(-1)?.data).toEqual({ userId: user.id, tutorial: 'welcome' });
    });

    it('refuses tutorial bodies that are not exactly one flag set to true', async () => {
      const { browser } = await signInWithCode(app.url, 'sloppy@example.com');
      for (const body of [{}, { tutorialWelcomeDismissed: false }, { tutorialWelcomeDismissed: true, tutorialBassDismissed: true }, { tutorialPianoDismissed: true }]) {
        const response = await browser.patch('/api/user/tutorial-dismissal', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('keeps player preferences, defaulting to chords shown on the master track', async () => {
      const { browser, user } = await signInWithCode(app.url, 'chords@example.com');
      expect((await browser.get('/api/user/preferences')).body).toEqual({ showChordsPreference: true, chordInstrumentPreference: 'master' });

      const changed = await browser.patch('/api/user/preferences', { chordInstrumentPreference: 'bass' });
      expect(changed.body).toEqual({ showChordsPreference: true, chordInstrumentPreference: 'bass' });
      await browser.patch('/api/user/preferences', { showChordsPreference: false, chordInstrumentPreference: 'bass' });
      expect((await browser.get('/api/user/preferences')).body).toEqual({ showChordsPreference: false, chordInstrumentPreference: 'bass' });
      const events = (await app.store.readStream(`user-${user.id}`)).filter((event) => event.type === 'UserPreferencesChanged');
      // The second change only carries what changed.
      expect(events.map((event) => event.data)).toEqual([
        { userId: user.id, chordInstrumentPreference: 'bass' },
        { userId: user.id, showChordsPreference: false },
      ]);

      expect((await browser.patch('/api/user/preferences', { chordInstrumentPreference: 'drums' })).status).toBe(400);
      expect((await browser.patch('/api/user/preferences', {})).status).toBe(400);
    });

    it('answers 401 to visitors', async () => {
      const visitor = new TestBrowser(app.url);
      expect((await visitor.get('/api/auth/me')).status).toBe(401);
      expect((await visitor.get('/api/user/preferences')).status).toBe(401);
      expect((await visitor.patch('/api/user/preferences', { showChordsPreference: false })).status).toBe(401);
      expect((await visitor.patch('/api/user/tutorial-dismissal', { tutorialWelcomeDismissed: true })).status).toBe(401);
    });
  });
}
