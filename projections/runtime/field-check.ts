import { z } from 'zod';

/** Whether a value passes a field's zod schema, answered without building anything. */
export type FieldCheck = (value: unknown) => boolean;

/** String formats whose zod check is its pattern alone. */
const patternFormats = new Set(['datetime', 'date', 'uuid', 'guid', 'regex']);

/** The keywords of a number's or a string's JSON Schema (`z.toJSONSchema`) that a compiled check reproduces. */
interface LeafJsonSchema {
  type?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const numberKeywords = new Set(['$schema', 'type', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum']);
const stringKeywords = new Set(['$schema', 'type', 'minLength', 'maxLength', 'pattern', 'format']);

/**
 * Equivalent to `schema.safeParse(value).success` for simple field schemas (numbers, strings, booleans,
 * literals, enums, nullable/optional); undefined for anything else, which zod then parses. A schema is
 * compiled only when its JSON Schema keywords account for all its checks (refinements leave none).
 */
export function compileFieldCheck(schema: z.ZodType): FieldCheck | undefined {
  const def = schema.def;
  if ('coerce' in def && def.coerce) return undefined;
  const checkCount = def.checks?.length ?? 0;
  switch (def.type) {
    case 'nullable': {
      const inner = compileFieldCheck((schema as z.ZodNullable).unwrap() as z.ZodType);
      return inner && ((value) => value === null || inner(value));
    }
    case 'optional': {
      const inner = compileFieldCheck((schema as z.ZodOptional).unwrap() as z.ZodType);
      return inner && ((value) => value === undefined || inner(value));
    }
    case 'boolean':
      return checkCount > 0 ? undefined : (value) => typeof value === 'boolean';
    case 'literal': {
      const values = (schema as z.ZodLiteral).values;
      if (checkCount > 0 || ![...values].every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value))) return undefined;
      return (value) => values.has(value as never);
    }
    case 'enum': {
      // String entries only: a TypeScript enum's numbers come with reverse mappings zod leaves out.
      const values = new Set<unknown>((schema as z.ZodEnum).options);
      if (checkCount > 0 || ![...values].every((value) => typeof value === 'string')) return undefined;
      return (value) => values.has(value);
    }
    case 'number':
      return numberCheck(schema as z.ZodNumber, checkCount);
    case 'string':
      return stringCheck(schema as z.ZodString, checkCount);
    default:
      return undefined;
  }
}

function jsonSchemaOf(schema: z.ZodType, keywords: ReadonlySet<string>): LeafJsonSchema | undefined {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return Object.keys(json).every((keyword) => keywords.has(keyword)) ? (json as LeafJsonSchema) : undefined;
}

/** zod's `z.number()`: a finite number; `z.int()` or `.int()` a safe integer; bounds inclusive or not. */
function numberCheck(schema: z.ZodNumber, checkCount: number): FieldCheck | undefined {
  // `z.int()` is a number of the `safeint` format; any other format (float32, ...) is left to zod.
  const format = (schema.def as { format?: string }).format;
  const intFormat = format === 'safeint';
  if (format !== undefined && !intFormat) return undefined;
  const json = jsonSchemaOf(schema, numberKeywords);
  if (!json || (json.type !== 'number' && json.type !== 'integer')) return undefined;
  const integer = json.type === 'integer';
  // A safe integer lies within ±(2^53 - 1): those bounds come with the integer check, not a check of their own.
  const lower = json.exclusiveMinimum ?? (integer && json.minimum === Number.MIN_SAFE_INTEGER ? undefined : json.minimum);
  const upper = json.exclusiveMaximum ?? (integer && json.maximum === Number.MAX_SAFE_INTEGER ? undefined : json.maximum);
  const needed = (integer && !intFormat ? 1 : 0) + (lower === undefined ? 0 : 1) + (upper === undefined ? 0 : 1);
  if (checkCount !== needed) return undefined;
  const parts: FieldCheck[] = [];
  if (integer) parts.push((value) => Number.isSafeInteger(value));
  if (json.exclusiveMinimum !== undefined) parts.push(greaterThan(json.exclusiveMinimum, false));
  else if (lower !== undefined) parts.push(greaterThan(lower, true));
  if (json.exclusiveMaximum !== undefined) parts.push(lessThan(json.exclusiveMaximum, false));
  else if (upper !== undefined) parts.push(lessThan(upper, true));
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    for (const part of parts) if (!part(value)) return false;
    return true;
  };
}

function greaterThan(bound: number, inclusive: boolean): FieldCheck {
  return inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound;
}

function lessThan(bound: number, inclusive: boolean): FieldCheck {
  return inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound;
}

/** zod's `z.string()`: a string; lengths; a format checked by its pattern alone. */
function stringCheck(schema: z.ZodString, checkCount: number): FieldCheck | undefined {
  // A format (`z.iso.datetime()`, `z.uuid()`) is the schema itself, its pattern in its definition.
  const format = schema.def as { format?: string; pattern?: RegExp };
  if (format.format !== undefined && !(patternFormats.has(format.format) && format.pattern instanceof RegExp)) return undefined;
  const pattern = format.format === undefined ? undefined : format.pattern;
  const json = jsonSchemaOf(schema, stringKeywords);
  if (!json || json.type !== 'string') return undefined;
  // A pattern other than the format's own is a regex check, whose flags JSON Schema leaves out.
  if (json.pattern !== undefined && json.pattern !== pattern?.source) return undefined;
  if (json.format !== undefined && pattern === undefined) return undefined;
  const { minLength, maxLength } = json;
  const needed = minLength !== undefined && minLength === maxLength ? 1 : (minLength === undefined ? 0 : 1) + (maxLength === undefined ? 0 : 1);
  if (checkCount !== needed) return undefined;
  const parts: ((value: string) => boolean)[] = [];
  if (minLength !== undefined) parts.push((value) => value.length >= minLength);
  if (maxLength !== undefined) parts.push((value) => value.length <= maxLength);
  if (pattern)
    parts.push((value) => {
      // As zod does: a pattern with the g or y flag keeps where it stopped.
      pattern.lastIndex = 0;
      return pattern.test(value);
    });
  return (value) => {
    if (typeof value !== 'string') return false;
    for (const part of parts) if (!part(value)) return false;
    return true;
  };
}
