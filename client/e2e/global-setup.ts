import type { TestProject } from 'vitest/node';
import { type AppProcess, startApp } from './app-process';
import { buildClient } from './build-client';

declare module 'vitest' {
  /** What the e2e global setup hands to the tests (`inject('baseUrl')`). */
  export interface ProvidedContext {
    /** Origin of the running app, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /**
     * The same app as it calls itself (its PUBLIC_URL, http://localhost:41234): a test that follows
     * an address the app built (a checkout's way back) browses here, where its session cookie lives.
     */
    publicUrl: string;
  }
}

/** The one app of a run, and how many e2e projects use it (both run this setup). */
interface SharedApp {
  app: Promise<AppProcess>;
  users: number;
}

// Kept on the process, not the module: Vitest loads a project's global setup in that project's
// own module graph, and both e2e projects must find the same app.
const key = Symbol.for('woodshed.e2e.shared-app');
const holder = globalThis as { [key]?: SharedApp };

/**
 * Vitest global setup of the browser tests (the e2e and e2e-exclusive projects): build the client
 * once, start the app on a free port with a fresh embedded database, hand its URLs to the tests,
 * and stop it (deleting the data) after the last project is done. The app is `npm start`'s plus
 * test-only seeding routes (scripts/e2e/start-seedable-app.ts), so every file can share it, also
 * those that need a state no browser reaches quickly.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[key] ??= {
    app: buildClient().then(() =>
      startApp({
        entry: 'scripts/e2e/start-seedable-app.ts',
        trustProxy: true,
        // A queued campaign waits ten minutes before its first batch, so announcements.e2e.test.ts
        // sees it pending and pauses it before any mail goes out (it alone sends campaigns).
        env: { CAMPAIGN_START_DELAY_SECONDS: '600' },
      }),
    ),
    users: 0,
  });
  shared.users += 1;
  const app = await shared.app;
  project.provide('baseUrl', app.baseUrl);
  project.provide('publicUrl', app.publicUrl);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[key];
    await app.stop();
  };
}
