import type { z } from 'zod';

/** Turns one schema version's data into the next (`upcasters[1]`: v1 to v2), so folds only know the newest. */
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
