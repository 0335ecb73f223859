import type { DataOf, WoodshedEventType } from './catalog';

/** An event a decision returns: a catalogue type paired with its own data; metadata is added on append. */
export type DecidedEvent<T extends WoodshedEventType = WoodshedEventType> = {
  [K in T]: { type: K; data: DataOf<K> };
}[T];
