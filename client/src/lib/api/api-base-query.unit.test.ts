import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBaseQuery } from './api-base-query';

/** A store with one endpoint over the real base query and the real RTK Query middleware. */
function storeWithEndpoint() {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: apiBaseQuery,
    endpoints: (build) => ({ me: build.query<unknown, void>({ query: () => '/api/auth/me' }) }),
  });
  const store = configureStore({ reducer: { api: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
  return { api, store };
}

/** A fetch that never answers, and rejects as the browser does when its signal aborts. */
function fetchUntilAborted(): typeof fetch {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
    });
}

describe('the base query', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a reset abort a running call without an error in the console', async () => {
    vi.stubGlobal('fetch', fetchUntilAborted());
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, store } = storeWithEndpoint();
    const running = store.dispatch(api.endpoints.me.initiate());
    store.dispatch(api.util.resetApiState());
    const result = await running;
    expect(result.isSuccess).toBe(false);
    expect(result.data).toBeUndefined();
    // Give the aborted fetch's rejection time to reach the base query.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('answers a network failure as FETCH_ERROR with its message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { api, store } = storeWithEndpoint();
    const result = await store.dispatch(api.endpoints.me.initiate());
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
  });

  it('answers a body cut off mid-read as FETCH_ERROR', async () => {
    const cut = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(cut, { status: 200 })));
    const { api, store } = storeWithEndpoint();
    const result = await store.dispatch(api.endpoints.me.initiate());
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'network error' });
  });
});
