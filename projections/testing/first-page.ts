import { expect, vi } from 'vitest';
import type { EventStore, ReadAllPage } from '../../events/store/event-store';

/**
 * The log's first page once it holds `count` events of `types`: on the shared server another test
 * file's open transaction may hold the events just appended back from readers for a moment.
 */
export function firstPageOf(store: EventStore, types: readonly string[], count: number): Promise<ReadAllPage> {
  return vi.waitFor(
    async () => {
      const read = await store.readAll({ types });
      expect(read.events).toHaveLength(count);
      return read;
    },
    { timeout: 20_000, interval: 20 },
  );
}
