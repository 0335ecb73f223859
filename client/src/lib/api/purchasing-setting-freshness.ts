import { purchasingSettingApi } from './purchasing-setting-api';

/** The channel on which a tab that changed the purchasing switch tells this browser's other tabs. */
export const PURCHASING_CHANNEL_NAME = 'woodshed:purchasing-setting';

/** The parts of a BroadcastChannel the watcher uses (tests pass Node's own). */
export interface ChannelLike {
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** Where the watcher hears that the setting may have changed. */
export interface FreshnessSources {
  /** Fires 'focus' when the user comes back to this window. */
  window: EventTarget;
  /** Fires 'visibilitychange'; a refetch only when it becomes visible. */
  document: EventTarget & { readonly visibilityState: string };
  /** Opens {@link PURCHASING_CHANNEL_NAME}; null where there is no BroadcastChannel. */
  openChannel: () => ChannelLike | null;
}

const browserSources = (): FreshnessSources => ({
  window,
  document,
  openChannel: () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PURCHASING_CHANNEL_NAME)),
});

/**
 * Calls `refetch` whenever the purchasing switch may have changed since this page read it: a tab
 * of this browser changed it (the channel), or the user comes back to this tab (focus, or the tab
 * becoming visible), which is when an offer they could act on would be on screen again. Returns
 * the function that stops listening.
 */
export function watchPurchasingSetting(refetch: () => void, sources: FreshnessSources = browserSources()): () => void {
  const onVisibility = () => {
    if (sources.document.visibilityState === 'visible') refetch();
  };
  sources.window.addEventListener('focus', refetch);
  sources.document.addEventListener('visibilitychange', onVisibility);
  const channel = sources.openChannel();
  if (channel) channel.onmessage = () => refetch();
  return () => {
    sources.window.removeEventListener('focus', refetch);
    sources.document.removeEventListener('visibilitychange', onVisibility);
    channel?.close();
  };
}

/** Tells this browser's other tabs that the purchasing switch changed (they read it again). */
export function announcePurchasingSettingChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(PURCHASING_CHANNEL_NAME);
  channel.postMessage('changed');
  channel.close();
}

/** The part of the app's store the watcher needs. */
interface StoreLike {
  dispatch: (action: ReturnType<typeof purchasingSettingApi.endpoints.purchasingSetting.initiate>) => unknown;
  getState: () => Parameters<ReturnType<typeof purchasingSettingApi.endpoints.purchasingSetting.select>>[0];
}

/**
 * Keeps the app's purchasing setting current in an open tab (spec 001: the switch takes effect
 * everywhere at once): read again per {@link watchPurchasingSetting}, but only once some screen
 * has asked for it, so pages that sell nothing make no call.
 */
export function keepPurchasingSettingFresh(store: StoreLike): () => void {
  return watchPurchasingSetting(() => {
    if (purchasingSettingApi.endpoints.purchasingSetting.select()(store.getState()).isUninitialized) return;
    store.dispatch(purchasingSettingApi.endpoints.purchasingSetting.initiate(undefined, { forceRefetch: true, subscribe: false }));
  });
}
