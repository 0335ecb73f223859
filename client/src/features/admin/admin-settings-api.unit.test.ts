import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { purchasingSettingApi } from '../../lib/api/purchasing-setting-api';
import { adminApi } from './admin-api';

// The shared API as the admin feature extends it (its tag types included).
function storeWithApi() {
  return configureStore({ reducer: { [adminApi.reducerPath]: adminApi.reducer }, middleware: (getDefault) => getDefault().concat(adminApi.middleware) });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that answers GETs from `reads` and holds the PATCH until `release` is called with its answer. */
function fakeServer(reads: Record<string, unknown>) {
  let release: (answer: Response) => void = () => undefined;
  const patch = new Promise<Response>((resolve) => (release = resolve));
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return patch;
    return json(200, reads[url]);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, release: (answer: Response) => release(answer) };
}

const selectPurchasing = purchasingSettingApi.endpoints.purchasingSetting.select();
// One reducer holds both; its type only knows the endpoints injected along the way to each API.
type PurchasingState = Parameters<typeof selectPurchasing>[0];

afterEach(() => {
  vi.unstubAllGlobals();
});

async function loadedStore() {
  const store = storeWithApi();
  await store.dispatch(adminApi.endpoints.adminSettings.initiate());
  await store.dispatch(purchasingSettingApi.endpoints.purchasingSetting.initiate());
  const read = () => ({
    admin: adminApi.endpoints.adminSettings.select()(store.getState()).data?.purchasing_enabled,
    everywhere: selectPurchasing(store.getState() as unknown as PurchasingState).data?.purchasing_enabled,
  });
  return { store, read };
}

describe('purchasing switch (PATCH /api/admin/settings)', () => {
  it('flips the admin setting and the app-wide setting before the server answers, and keeps them when it agrees', async () => {
    const server = fakeServer({ '/api/admin/settings': { purchasing_enabled: true }, '/api/settings/purchasing': { purchasing_enabled: true } });
    const { store, read } = await loadedStore();
    expect(read()).toEqual({ admin: true, everywhere: true });

    const saving = store.dispatch(adminApi.endpoints.updateAdminSettings.initiate({ purchasing_enabled: false }));
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledWith('/api/admin/settings', expect.objectContaining({ method: 'PATCH' })));
    expect(read()).toEqual({ admin: false, everywhere: false });

    server.release(json(200, { purchasing_enabled: false }));
    await saving;
    expect(read()).toEqual({ admin: false, everywhere: false });
    const [, init] = server.fetch.mock.calls.find(([, call]) => call?.method === 'PATCH')!;
    expect(JSON.parse(init!.body as string)).toEqual({ purchasing_enabled: false });
  });

  it('rolls both back when the server refuses, and reports the failure', async () => {
    const server = fakeServer({ '/api/admin/settings': { purchasing_enabled: true }, '/api/settings/purchasing': { purchasing_enabled: true } });
    const { store, read } = await loadedStore();

    const saving = store.dispatch(adminApi.endpoints.updateAdminSettings.initiate({ purchasing_enabled: false }));
    await vi.waitFor(() => expect(read()).toEqual({ admin: false, everywhere: false }));
    server.release(json(500, { error: { code: 'internal', message: 'Database unavailable' } }));
    const result = await saving;

    expect(read()).toEqual({ admin: true, everywhere: true });
    expect('error' in result && result.error).toMatchObject({ status: 500 });
  });

  it('shows what the server saved when its answer differs from the request', async () => {
    const server = fakeServer({ '/api/admin/settings': { purchasing_enabled: false }, '/api/settings/purchasing': { purchasing_enabled: false } });
    const { store, read } = await loadedStore();
    const saving = store.dispatch(adminApi.endpoints.updateAdminSettings.initiate({ purchasing_enabled: true }));
    await vi.waitFor(() => expect(read()).toEqual({ admin: true, everywhere: true }));
    server.release(json(200, { purchasing_enabled: false }));
    await saving;
    expect(read()).toEqual({ admin: false, everywhere: false });
  });
});
