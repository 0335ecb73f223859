import type { TestProject } from 'vitest/node';
import { startApp } from './app-process';
import { buildClient } from './build-client';

declare module 'vitest' {
  /** What the e2e global setup hands to the tests (`inject('baseUrl')`). */
  export interface ProvidedContext {
    /** Origin of the running app, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
  }
}

/**
 * Vitest global setup of the e2e project: build the client, start the real app on a free port with
 * a fresh embedded database, hand its URL to the tests, and stop it (deleting the data) afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildClient();
  const app = await startApp({ trustProxy: true });
  project.provide('baseUrl', app.baseUrl);
  return () => app.stop();
}
