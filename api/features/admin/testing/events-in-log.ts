import { type StoredEvent, decodeEvent } from '../../../../events/catalog';
import { countInvisibleEvents } from '../../../../projections/runtime/log-visibility';
import type { TestApp } from '../../../testing/start-test-app';

const settleTimeoutMs = 30_000;

/**
 * Every event of `types` in the log, oldest first, once none of them is committed but hidden (on a
 * PostgreSQL server, other test files' open transactions can hide a just-acknowledged append), so
 * "nothing was appended" is checked against everything that was.
 */
export async function eventsInLog(app: Pick<TestApp, 'store' | 'sql'>, types: readonly string[]): Promise<StoredEvent[]> {
  const deadline = Date.now() + settleTimeoutMs;
  for (;;) {
    const hidden = await countInvisibleEvents(app.sql, app.store, types);
    if (hidden === null || hidden === 0) break;
    if (Date.now() > deadline) throw new Error(`${hidden} events stayed hidden from readers of the log for ${settleTimeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const found: StoredEvent[] = [];
  let after = '';
  for (;;) {
    const page = await app.store.readAll({ after, max: 1_000, types });
    found.push(...page.events.map(decodeEvent));
    if (page.next === after) return found;
    after = page.next;
  }
}
