import { afterAll, beforeAll } from 'vitest';
import { type LaunchBrowserOptions, type TestBrowser, launchBrowser } from './browser';

/**
 * The test file's Chromium: launched before its first test and closed (profile deleted) after its
 * last. Call it at the top level of the file; the browser is there from the tests' first line on.
 */
export function browserPerFile(options: LaunchBrowserOptions = {}): TestBrowser {
  let launched: TestBrowser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(options);
  });
  afterAll(async () => {
    await launched?.close();
  });
  const current = (): TestBrowser => {
    if (!launched) throw new Error('The browser is launched in beforeAll: use it inside a test or a hook.');
    return launched;
  };
  return {
    get context() {
      return current().context;
    },
    newPage: () => current().newPage(),
    close: () => current().close(),
  };
}
