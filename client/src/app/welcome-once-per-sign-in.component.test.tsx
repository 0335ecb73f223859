import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import { beforeEach, describe, expect, it } from 'vitest';
import { Tutorials } from '../features/tutorials/tutorials';
import { currentUserApi } from '../lib/api/current-user-api';
import type { SessionUser } from '../lib/api/current-user-api';
import { sessionEnded } from '../lib/session/session-ended';
import { makeStore } from './store';
import type { AppStore } from './store';

// A new user: no tutorial dismissed (a flag the answer leaves out counts as false).
const user: SessionUser = { id: 41, email: 'new@example.com', tutorialWelcomeDismissed: false };

/** A page load in this browser: the store rehydrated from its storage, the session answered with `user`. */
async function openPage(): Promise<{ store: AppStore; persistor: Persistor }> {
  const store = makeStore();
  const persistor = await new Promise<Persistor>((resolve) => {
    const started: Persistor = persistStore(store, null, () => resolve(started));
  });
  await store.dispatch(currentUserApi.util.upsertQueryData('currentUser', undefined, user));
  return { store, persistor };
}

const library = (store: AppStore, screenShown: 'library' | 'player' | null = 'library') => (
  <Provider store={store}>
    <Tutorials screen={screenShown} stemsLoaded={false} />
  </Provider>
);
const welcome = () => screen.queryByRole('dialog', { name: 'Welcome to Woodshed' });

/** Closes the page; what it stored stays in the browser. */
async function closePage(persistor: Persistor, unmount: () => void) {
  await persistor.flush();
  persistor.pause();
  unmount();
}

describe('the welcome dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('greets once per sign-in: closed, it stays away on the way back, after a reload and in a new tab, until the user logs out', async () => {
    const first = await openPage();
    const page = render(library(first.store));
    expect(welcome()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Let’s play' }));
    expect(welcome()).toBeNull();
    // To the player and back.
    page.rerender(library(first.store, 'player'));
    page.rerender(library(first.store));
    expect(welcome()).toBeNull();
    await closePage(first.persistor, page.unmount);

    // A reload keeps the tab's session storage; a new tab starts without it. Neither brings it back.
    for (const tab of ['reload', 'new tab']) {
      if (tab === 'new tab') sessionStorage.clear();
      const again = await openPage();
      const view = render(library(again.store));
      expect(welcome(), tab).toBeNull();
      await closePage(again.persistor, view.unmount);
    }

    // Logged out (and signed in again), the user is welcomed again.
    const last = await openPage();
    act(() => {
      last.store.dispatch(sessionEnded());
    });
    await closePage(last.persistor, () => undefined);
    sessionStorage.clear();
    const signedInAgain = await openPage();
    render(library(signedInAgain.store));
    expect(welcome()).not.toBeNull();
  });
});
