import type { TestProject } from 'vitest/node';
import { type AppProcess, startApp } from './app-process';

declare module 'vitest' {
  /** What the e2e global setup hands to the tests (`inject('baseUrl')`). */
  export interface ProvidedContext {
    /** Origin of the running app, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** The app as it calls itself (PUBLIC_URL): where a test following an app-built address has its session cookie. */
    publicUrl: string;
  }
}

/** The one app of a run, and how many e2e projects use it (both run this setup). */
interface SharedApp {
  app: Promise<AppProcess>;
  users: number;
}

// On the process, not the module: each e2e project loads its global setup in its own module graph.
const key = Symbol.for('woodshed.e2e.shared-app');
const holder = globalThis as { [key]?: SharedApp };

/**
 * Vitest global setup of both e2e projects: starts the app with test-only seeding routes
 * (scripts/e2e/start-seedable-app.ts, which builds the client when stale) on a fresh embedded database, and stops it
 * after the last project.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[key] ??= { app: startSeedableApp(), users: 0 });
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

function startSeedableApp(): Promise<AppProcess> {
  return startApp({
    entry: 'scripts/e2e/start-seedable-app.ts',
    trustProxy: true,
    // Campaigns wait ten minutes, so announcements.e2e.test.ts can pause one before any mail goes out.
    env: { CAMPAIGN_START_DELAY_SECONDS: '600' },
  });
}
