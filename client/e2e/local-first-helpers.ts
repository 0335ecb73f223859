import type { Page } from 'playwright-core';

/** The signed-in user's stars as the API holds them (GET /api/songs, with the page's cookies). */
export async function starredOnServer(page: Page, baseUrl: string): Promise<string[]> {
  const songs = (await (await page.request.get(`${baseUrl}/api/songs`)).json()) as { title: string; starred: boolean }[];
  return songs.filter((song) => song.starred).map((song) => song.title);
}

/** Makes the signed-in user Pro as a user does without Stripe: a checkout session paid on the local test checkout. */
export async function subscribeThroughTestCheckout(page: Page, baseUrl: string): Promise<void> {
  const created = await page.request.post(`${baseUrl}/api/subscription/create-checkout`, { data: { planType: 'monthly' } });
  if (!created.ok()) throw new Error(`create-checkout answered ${created.status()}: ${await created.text()}`);
  const { url } = (await created.json()) as { url: string };
  const paid = await page.request.post(`${baseUrl}${new URL(url, baseUrl).pathname}/pay`, { maxRedirects: 0 });
  if (paid.status() !== 303) throw new Error(`the test checkout answered ${paid.status()}: ${await paid.text()}`);
  const status = (await (await page.request.get(`${baseUrl}/api/subscription/status`)).json()) as { hasActiveSubscription: boolean };
  if (!status.hasActiveSubscription) throw new Error('the test checkout was paid but the subscription is not active');
}

/** Resolves once `check` holds, polling every 100 ms for up to `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Documents left in this browser's local database (every object store of its IndexedDB databases). */
export async function storedLocalDocuments(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const info of await indexedDB.databases()) {
      if (!(info.name ?? '').includes('woodshed')) continue;
      total += await new Promise<number>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? '');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          const stores = Array.from({ length: database.objectStoreNames.length }, (_, index) => database.objectStoreNames.item(index) ?? '');
          if (stores.length === 0) {
            database.close();
            resolve(0);
            return;
          }
          const transaction = database.transaction(stores, 'readonly');
          let sum = 0;
          let left = stores.length;
          for (const store of stores) {
            const count = transaction.objectStore(store).count();
            count.onsuccess = () => {
              sum += count.result;
              left -= 1;
              if (left === 0) {
                database.close();
                resolve(sum);
              }
            };
          }
        };
      });
    }
    return total;
  });
}
