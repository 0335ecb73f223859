/** Chromium's `beforeinstallprompt`, which the DOM typings lack; `prompt()` works once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Whether the app already runs installed (its own window, or Safari's home-screen mode). */
export function isRunningInstalled(win: Window): boolean {
  const safariStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return safariStandalone || win.matchMedia('(display-mode: standalone)').matches;
}

/** iOS or iPadOS (a Mac with a touch screen), where installing goes through Safari's Share menu. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}
