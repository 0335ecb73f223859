import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../components/ui/toast-store';
import { goToCheckout } from './go-to-checkout';

describe('going to the checkout', () => {
  afterEach(() => {
    const shown = toastStore.getSnapshot();
    if (shown) toastStore.dismiss(shown.id);
  });

  it('sends the browser to the answered address', async () => {
    const visited: string[] = [];
    expect(await goToCheckout(async () => ({ url: '/api/test-checkout/cs_1' }), 'Failed', (url) => visited.push(url))).toBe(true);
    expect(visited).toEqual(['/api/test-checkout/cs_1']);
    expect(toastStore.getSnapshot()).toBeNull();
  });

  it("toasts the caller's text when the call fails, and stays", async () => {
    const visited: string[] = [];
    const started = await goToCheckout(() => Promise.reject(new Error('403')), 'Failed to start purchase process', (url) => visited.push(url));
    expect(started).toBe(false);
    expect(visited).toEqual([]);
    expect(toastStore.getSnapshot()).toMatchObject({ title: 'Error', description: 'Failed to start purchase process', variant: 'destructive' });
  });

  it("toasts 'No checkout URL returned' for an answer without an address", async () => {
    const visited: string[] = [];
    expect(await goToCheckout(async () => ({ url: '' }), 'Failed', (url) => visited.push(url))).toBe(false);
    expect(visited).toEqual([]);
    expect(toastStore.getSnapshot()).toMatchObject({ description: 'No checkout URL returned' });
  });
});
