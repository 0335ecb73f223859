import { useSyncExternalStore } from 'react';
import { PHONE_LAYOUT_QUERY } from './canvas-scale';

function phoneQuery(): MediaQueryList {
  return window.matchMedia(PHONE_LAYOUT_QUERY);
}

function subscribeToPhoneQuery(onChange: () => void): () => void {
  const query = phoneQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhoneWidth(): boolean {
  return phoneQuery().matches;
}

/** True while the window is narrower than 800 px: the screens then use their phone layout. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribeToPhoneQuery, isPhoneWidth);
}
