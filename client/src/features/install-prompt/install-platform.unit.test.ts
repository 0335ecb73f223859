import { describe, expect, it } from 'vitest';
import { isIos, isRunningInstalled } from './install-platform';

function fakeWindow(options: { standaloneMedia: boolean; safariStandalone?: boolean }): Window {
  return {
    navigator: { standalone: options.safariStandalone },
    matchMedia: (query: string) => ({ matches: query === '(display-mode: standalone)' && options.standaloneMedia }),
  } as unknown as Window;
}

describe('install platform', () => {
  it('knows an installed app by its standalone display mode or Safari’s home-screen flag', () => {
    expect(isRunningInstalled(fakeWindow({ standaloneMedia: true }))).toBe(true);
    expect(isRunningInstalled(fakeWindow({ standaloneMedia: false, safariStandalone: true }))).toBe(true);
    expect(isRunningInstalled(fakeWindow({ standaloneMedia: false }))).toBe(false);
  });

  it('recognises iPhones and iPads (which report a touch-screen Mac), not desktop Macs or Android', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
    expect(isIos({ userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: mac, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: mac, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: android, platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe(false);
  });
});
