import type { TestProject } from 'vitest/node';
import { startApp } from './app-process';
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

/**
 * Vitest global setup of the e2e project: build the client, start the app on a free port with a
 * fresh embedded database, hand its URLs to the tests, and stop it (deleting the data) afterwards.
 * The app is `npm start`'s plus test-only seeding routes (scripts/e2e/start-seedable-app.ts), so
 * every file shares it, also those that need a state no browser reaches quickly.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildClient();
  const app = await startApp({ entry: 'scripts/e2e/start-seedable-app.ts', trustProxy: true });
  project.provide('baseUrl', app.baseUrl);
  project.provide('publicUrl', app.publicUrl);
  return () => app.stop();
}
