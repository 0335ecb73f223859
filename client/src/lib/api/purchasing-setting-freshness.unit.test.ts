import { afterEach, describe, expect, it } from 'vitest';
import { announcePurchasingSettingChanged, PURCHASING_CHANNEL_NAME, watchPurchasingSetting } from './purchasing-setting-freshness';
import type { FreshnessSources } from './purchasing-setting-freshness';

class FakeDocument extends EventTarget {
  visibilityState = 'visible';
}

function sources(): FreshnessSources & { document: FakeDocument } {
  return { window: new EventTarget(), document: new FakeDocument(), openChannel: () => new BroadcastChannel(PURCHASING_CHANNEL_NAME) };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Resolves once `calls` has reached `count` (a channel message arrives on a later task). */
async function until(calls: { length: number }, count: number): Promise<void> {
  for (let tries = 0; calls.length < count && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('watchPurchasingSetting', () => {
  it('reads the setting again when the window gets focus or the tab becomes visible, not when it is hidden', () => {
    const calls: string[] = [];
    const from = sources();
    stops.push(watchPurchasingSetting(() => calls.push('refetch'), from));
    from.window.dispatchEvent(new Event('focus'));
    expect(calls).toEqual(['refetch']);
    from.document.visibilityState = 'hidden';
    from.document.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual(['refetch']);
    from.document.visibilityState = 'visible';
    from.document.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual(['refetch', 'refetch']);
  });

  it('reads it again when another tab announces a change, and stops listening when stopped', async () => {
    const calls: string[] = [];
    const from = sources();
    const stop = watchPurchasingSetting(() => calls.push('refetch'), from);
    announcePurchasingSettingChanged();
    await until(calls, 1);
    expect(calls).toEqual(['refetch']);
    stop();
    from.window.dispatchEvent(new Event('focus'));
    announcePurchasingSettingChanged();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['refetch']);
  });
});
