import type { DataOf, WoodshedEventType } from './catalog';

/**
 * An event a decision returns: a catalogue type paired with that type's own data (a union per type,
 * so `{ type: 'SongStarred', data: <UserRegistered data> }` does not type-check). Metadata is added
 * at the edge that appends it.
 */
export type DecidedEvent<T extends WoodshedEventType = WoodshedEventType> = {
  [K in T]: { type: K; data: DataOf<K> };
}[T];
