import type { z } from 'zod';

/** Whether a value passes a field's zod schema, answered without building anything. */
export type FieldCheck = (value: unknown) => boolean;

/** The parts of zod 4's schema and check definitions read here (`schema._zod.def`). */
interface Definition {
  type: string;
  coerce?: boolean;
  format?: string;
  check?: string;
  pattern?: RegExp;
  checks?: readonly { _zod: { def: CheckDefinition } }[];
  innerType?: z.ZodType;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
}

interface CheckDefinition {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}

/**
 * String formats whose zod check is its pattern alone (zod 4's `$ZodCheckStringFormat`); formats
 * with checks of their own (url, email, jwt, ...) are not compiled.
 */
const patternFormats = new Set(['datetime', 'date', 'uuid', 'guid', 'regex']);

/**
 * A check equivalent to `schema.safeParse(value).success` for the schemas a folded field has in
 * the catalogue: numbers (int, bounds), strings (lengths, pattern formats such as
 * `z.iso.datetime()`), booleans, literals, enums, and those made nullable or optional; undefined
 * for anything else (coercion, transforms, refinements, objects, ...), which is then parsed by
 * zod. Only for schemas whose output is their input: the value is used as read, not copied.
 * `field-check.unit.test.ts` holds it to zod on generated valid and invalid values.
 */
export function compileFieldCheck(schema: z.ZodType): FieldCheck | undefined {
  const def = (schema as unknown as { _zod: { def: Definition } })._zod.def;
  if (def.coerce) return undefined;
  switch (def.type) {
    case 'nullable': {
      const inner = def.innerType && compileFieldCheck(def.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    case 'optional': {
      const inner = def.innerType && compileFieldCheck(def.innerType);
      return inner && ((value) => value === undefined || inner(value));
    }
    case 'boolean':
      return def.checks?.length ? undefined : (value) => typeof value === 'boolean';
    case 'literal': {
      const values = def.values ?? [];
      if (def.checks?.length || !values.every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value))) return undefined;
      return (value) => values.includes(value);
    }
    case 'enum': {
      // String entries only: a TypeScript enum's numbers come with reverse mappings zod leaves out.
      const values = new Set<unknown>(Object.values(def.entries ?? {}));
      if (def.checks?.length || ![...values].every((value) => typeof value === 'string')) return undefined;
      return (value) => values.has(value);
    }
    case 'number':
      return numberCheck(def);
    case 'string':
      return stringCheck(def);
    default:
      return undefined;
  }
}

/** zod 4's `z.number()`: a finite number; `.int()` a safe integer; bounds inclusive or not. */
function numberCheck(def: Definition): FieldCheck | undefined {
  const own = def.format === undefined ? [] : [{ check: 'number_format', format: def.format } as CheckDefinition];
  const checks = [...own, ...(def.checks ?? []).map((check) => check._zod.def)];
  const parts: FieldCheck[] = [];
  for (const check of checks) {
    const bound = check.value;
    if (check.check === 'number_format' && check.format === 'safeint') parts.push((value) => Number.isSafeInteger(value));
    else if (check.check === 'greater_than' && typeof bound === 'number')
      parts.push(check.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound);
    else if (check.check === 'less_than' && typeof bound === 'number')
      parts.push(check.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound);
    else return undefined;
  }
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    for (const part of parts) if (!part(value)) return false;
    return true;
  };
}

/** zod 4's `z.string()`: a string; lengths; a format checked by its pattern alone. */
function stringCheck(def: Definition): FieldCheck | undefined {
  const own = def.check === 'string_format' ? [{ check: 'string_format', format: def.format, pattern: def.pattern } as CheckDefinition] : [];
  if (def.format !== undefined && own.length === 0) return undefined;
  const checks = [...own, ...(def.checks ?? []).map((check) => check._zod.def)];
  const parts: ((value: string) => boolean)[] = [];
  for (const check of checks) {
    const { minimum, maximum, length, pattern } = check;
    if (check.check === 'min_length' && typeof minimum === 'number') parts.push((value) => value.length >= minimum);
    else if (check.check === 'max_length' && typeof maximum === 'number') parts.push((value) => value.length <= maximum);
    else if (check.check === 'length_equals' && typeof length === 'number') parts.push((value) => value.length === length);
    else if (check.check === 'string_format' && pattern instanceof RegExp && check.format !== undefined && patternFormats.has(check.format))
      parts.push((value) => {
        // As zod does: a pattern with the g or y flag keeps where it stopped.
        pattern.lastIndex = 0;
        return pattern.test(value);
      });
    else return undefined;
  }
  return (value) => {
    if (typeof value !== 'string') return false;
    for (const part of parts) if (!part(value)) return false;
    return true;
  };
}
