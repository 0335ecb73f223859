import { useCallback, useEffect, useRef, useState } from 'react';
import { isIos, isRunningInstalled } from './install-platform';
import type { BeforeInstallPromptEvent } from './install-platform';
import { INSTALL_PROMPT_DELAY_MS, isQuietAfterDismissal, readDismissedAt, recordDismissal } from './install-prompt-schedule';

/** What the banner shows: nothing, the install button (browser event), or Safari's steps (iOS). */
export type InstallOffer = 'none' | 'prompt' | 'ios';

export interface InstallPrompt {
  offer: InstallOffer;
  /** Opens the browser's install dialog; the banner hides whatever the visitor chooses there. */
  install(): Promise<void>;
  dismiss(): void;
}

/** Spec 001, 4: shown 10 s after the install event (or load, on iOS) unless installed or dismissed within 7 days; Date.now and setTimeout so tests can inject a clock. */
export function useInstallPrompt(): InstallPrompt {
  const [offer, setOffer] = useState<InstallOffer>('none');
  const deferredEvent = useRef<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (isRunningInstalled(window)) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offerLater = (kind: Exclude<InstallOffer, 'none'>) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (isRunningInstalled(window) || isQuietAfterDismissal(readDismissedAt(localStorage), Date.now())) return;
        setOffer(kind);
      }, INSTALL_PROMPT_DELAY_MS);
    };
    const onInstallEvent = (event: Event) => {
      // Keep the browser's own mini-infobar away: the banner offers the install instead.
      event.preventDefault();
      deferredEvent.current = event as BeforeInstallPromptEvent;
      offerLater('prompt');
    };
    const onInstalled = () => {
      recordDismissal(localStorage, Date.now());
      deferredEvent.current = null;
      clearTimeout(timer);
      setOffer('none');
    };
    const onLoad = () => offerLater('ios');
    window.addEventListener('beforeinstallprompt', onInstallEvent);
    window.addEventListener('appinstalled', onInstalled);
    const ios = isIos(navigator);
    if (ios && document.readyState === 'complete') offerLater('ios');
    else if (ios) window.addEventListener('load', onLoad, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onInstallEvent);
      window.removeEventListener('appinstalled', onInstalled);
      window.removeEventListener('load', onLoad);
    };
  }, []);

  const dismiss = useCallback(() => {
    recordDismissal(localStorage, Date.now());
    setOffer('none');
  }, []);

  const install = useCallback(async () => {
    const event = deferredEvent.current;
    // The event's dialog can be shown once: whatever the answer, this offer is used up.
    deferredEvent.current = null;
    recordDismissal(localStorage, Date.now());
    setOffer('none');
    if (event === null) return;
    await event.prompt();
    await event.userChoice;
  }, []);

  return { offer, install, dismiss };
}
