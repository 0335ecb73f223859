import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionStatusApi } from './subscription-status-api';

function storeWithApi() {
  return configureStore({
    reducer: { [subscriptionStatusApi.reducerPath]: subscriptionStatusApi.reducer },
    middleware: (getDefault) => getDefault().concat(subscriptionStatusApi.middleware),
  });
}

function answerWith(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const status = { hasActiveSubscription: true, subscriptionStatus: 'active', billingInterval: 'monthly', subscriptionEndsAt: '2026-01-01T00:00:00.000Z', canceledButActive: false };

describe('answers checked against the contract', () => {
  it('keeps an answer in the contract, without fields outside it', async () => {
    answerWith({ ...status, somethingElse: 1 });
    const result = await storeWithApi().dispatch(subscriptionStatusApi.endpoints.subscriptionStatus.initiate());
    expect(result.data).toEqual(status);
    expect(result.error).toBeUndefined();
  });

  it('fails the call with a PARSING_ERROR, and says what did not fit, for an answer outside it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerWith({ ...status, hasActiveSubscription: 'yes' });
    const result = await storeWithApi().dispatch(subscriptionStatusApi.endpoints.subscriptionStatus.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ status: 'PARSING_ERROR', message: 'subscriptionStatus: the answer is not in the expected shape' });
    expect(logged).toHaveBeenCalledWith('API answer of subscriptionStatus outside the contract', [expect.objectContaining({ path: ['hasActiveSubscription'] })]);
  });
});
