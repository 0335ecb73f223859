import type { z } from 'zod';

/**
 * Turns the data of one schema version into the next (`upcasters[1]` maps v1 data to v2). Older
 * stored events are read back as the current version, so projections only know the newest shape.
 */
export type Upcaster = (data: unknown) => unknown;

/** One kind of event: its past-tense name, current schema version and data schema. */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schemaVersion: number;
  readonly schema: Schema;
  readonly upcasters: Readonly<Record<number, Upcaster>>;
}

export function defineEvent<const Type extends string, Schema extends z.ZodType>(definition: {
  type: Type;
  schemaVersion: number;
  schema: Schema;
  upcasters?: Record<number, Upcaster>;
}): EventDefinition<Type, Schema> {
  const upcasters = definition.upcasters ?? {};
  for (let version = 1; version < definition.schemaVersion; version++) {
    if (!upcasters[version]) {
      throw new Error(`${definition.type}: no upcaster from v${version} to v${version + 1}`);
    }
  }
  return { ...definition, upcasters };
}
