import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { recordToasts } from './toast-log';

/** Debian's Chromium unless CHROMIUM_PATH points elsewhere; playwright-core downloads no browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Quiet and deterministic: no GPU in containers, no background traffic, no first-run UI.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The player starts audio from the test's clicks without a real user gesture.
  '--autoplay-policy=no-user-gesture-required',
];

/** A headless Chromium with its own fresh profile; close() also deletes the profile. */
export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchBrowserOptions {
  /** 'block' (default): no service worker, so tests see the network (and `page.route`) and skip precache downloads;
   * 'allow' for the worker's own tests. */
  serviceWorkers?: 'allow' | 'block';
  /** A phone instead of the 1280x800 window: its viewport, with touch and the mobile meta viewport. */
  phone?: { width: number; height: number };
  /**
   * A WAV file for Chromium's fake capture device to play, looped, as the microphone, with the
   * browser's microphone prompt answered yes. It is kept in the profile, and deleted with it.
   */
  microphone?: Uint8Array;
  /**
   * 'away' (default): every page starts with the install banner (spec 001) just dismissed. Chromium
   * offers the install at a moment of its choosing, the banner follows 10 s later over the canvas's
   * lower edge (the mixer's buttons), and on a loaded machine a test's page lives longer than that.
   * 'allow' for the banner's own tests.
   */
  installBanner?: 'away' | 'allow';
}

/** Launches Chromium for one test file, with a 1280x800 window (the design canvas size) or a phone's. */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<TestBrowser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. The browser tests drive a system Chromium: install it with ` +
        "'apt-get install -y chromium' (as root, or run scripts/ensure-chromium.sh), or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'woodshed-chromium-'));
  const microphoneArgs: string[] = [];
  if (options.microphone) {
    const microphoneWav = path.join(userDataDir, 'microphone.wav');
    await writeFile(microphoneWav, options.microphone);
    microphoneArgs.push('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${microphoneWav}`);
  }
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...microphoneArgs],
    viewport: options.phone ?? { width: 1280, height: 800 },
    ...(options.phone ? { isMobile: true, hasTouch: true } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
    // Its own client network (TEST-NET-2), honoured by trustProxy apps: each file meets the per-network sign-in limits alone.
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  });
  await recordToasts(context);
  if ((options.installBanner ?? 'away') === 'away') {
    await context.addInitScript(() => window.localStorage.setItem('woodshed:install-prompt-dismissed-at', String(Date.now())));
  }
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
