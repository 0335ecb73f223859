import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CurrentUser, tutorialFlag, tutorialNames } from '../../../contract/account';
import { currentUserApi } from '../lib/api/current-user-api';
import { selectKnownUser, selectSessionOffline } from '../lib/session/known-user-slice';
import { sessionEnded } from '../lib/session/session-ended';
import { makeStore } from './store';
import type { AppStore } from './store';
import { persisted, stubLocalStorage } from './testing/persisted-store';

const ada: CurrentUser = { id: 4, email: 'ada@example.com', isAdmin: false, ...Object.fromEntries(tutorialNames.map((name) => [tutorialFlag(name), name === 'welcome'])) } as CurrentUser;

function answerMe(response: () => Promise<Response>): void {
  vi.stubGlobal('fetch', vi.fn(response));
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

async function checkSession(store: AppStore) {
  const request = store.dispatch(currentUserApi.endpoints.currentUser.initiate());
  const result = await request;
  request.unsubscribe();
  return result;
}

describe('the session check without network (decision 0020)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers with the last confirmed user when the API cannot be reached, and says it is offline', async () => {
    const store = makeStore({ knownUser: { user: ada, offline: false } });
    answerMe(noNetwork);
    const result = await checkSession(store);
    expect(result.data).toEqual(ada);
    expect(result.isError).toBe(false);
    expect(selectSessionOffline(store.getState())).toBe(true);
  });

  it('is an error, as before, when no user was ever confirmed on this browser', async () => {
    const store = makeStore();
    answerMe(noNetwork);
    const result = await checkSession(store);
    expect(result.isError).toBe(true);
    expect(selectSessionOffline(store.getState())).toBe(false);
  });

  it('remembers the confirmed user, and a 401 forgets them and is still an error', async () => {
    const store = makeStore();
    answerMe(() => json(ada));
    expect((await checkSession(store)).data).toEqual(ada);
    expect(selectKnownUser(store.getState())).toEqual(ada);

    answerMe(() => json({ error: { code: 'unauthorized' } }, 401));
    store.dispatch(currentUserApi.util.invalidateTags(['CurrentUser']));
    expect((await checkSession(store)).isError).toBe(true);
    expect(selectKnownUser(store.getState())).toBeNull();

    // With the user forgotten, no network is an error again.
    answerMe(noNetwork);
    store.dispatch(currentUserApi.util.invalidateTags(['CurrentUser']));
    expect((await checkSession(store)).isError).toBe(true);
  });

  it('a 5xx keeps the known user but is an error (the server answered)', async () => {
    const store = makeStore({ knownUser: { user: ada, offline: false } });
    answerMe(() => json({}, 503));
    expect((await checkSession(store)).isError).toBe(true);
    expect(selectKnownUser(store.getState())).toEqual(ada);
  });

  it('clears the offline mark once the API answers again, and forgets the user on log-out', async () => {
    const store = makeStore({ knownUser: { user: ada, offline: false } });
    answerMe(noNetwork);
    await checkSession(store);
    expect(selectSessionOffline(store.getState())).toBe(true);
    answerMe(() => json(ada));
    store.dispatch(currentUserApi.util.invalidateTags(['CurrentUser']));
    await checkSession(store);
    expect(selectSessionOffline(store.getState())).toBe(false);
    store.dispatch(sessionEnded());
    expect(selectKnownUser(store.getState())).toBeNull();
  });

  it('keeps the known user across a reload, but not the offline mark', async () => {
    stubLocalStorage();
    const before = makeStore();
    const persistor = await persisted(before);
    answerMe(noNetwork);
    await checkSession(before);
    answerMe(() => json(ada));
    before.dispatch(currentUserApi.util.invalidateTags(['CurrentUser']));
    await checkSession(before);
    await persistor.flush();

    const afterReload = makeStore();
    await persisted(afterReload);
    expect(selectKnownUser(afterReload.getState())).toEqual(ada);
    expect(selectSessionOffline(afterReload.getState())).toBe(false);
  });
});
