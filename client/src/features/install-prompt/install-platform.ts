/**
 * The browser's install event (Chromium's `beforeinstallprompt`), which the DOM typings lack:
 * `prompt()` shows the browser's own install dialog, once.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Whether the app already runs installed (its own window, or Safari's home-screen mode). */
export function isRunningInstalled(win: Window): boolean {
  const safariStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return safariStandalone || win.matchMedia('(display-mode: standalone)').matches;
}

/**
 * Whether this is iOS or iPadOS, where no install event exists and a visitor installs through
 * Safari's Share menu. iPadOS reports itself as a Mac, but one with a touch screen.
 */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}
