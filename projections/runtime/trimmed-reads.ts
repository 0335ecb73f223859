import { z } from 'zod';
import { type EventDefinition, UnknownEventType, eventDefinitions, eventMetadataSchema } from '../../events/catalog';
import type { ReadFields, TrimmedEvent } from '../../events/store/postgres/trimmed-log-reader';
import { type FieldCheck, compileFieldCheck } from './field-check';
import type { FoldableEvent, Projection } from './projection-definition';

/** How a projection that declares `reads` reads the log: what the store returns, and how it is checked. */
export interface TrimmedReads {
  /** Per event type, the fields the store returns: those the projection folds, of the type's current version. */
  readonly reads: Readonly<Record<string, ReadFields>>;
  /**
   * Upcast (when stored at an older version) and validate with zod what was read, into the events
   * `fold` receives. Throws, like `decodeEvent`, on the first event that is not valid.
   */
  decode(events: readonly TrimmedEvent[]): FoldableEvent[];
}

/** Turns one trimmed event into what `fold` receives; throws when it is not valid. */
type EventDecoder = (event: TrimmedEvent) => FoldableEvent;

const byType = new Map<string, EventDefinition>(eventDefinitions.map((definition) => [definition.type, definition]));
const compiled = new WeakMap<Projection, TrimmedReads | null>();

/**
 * The trimmed reads of `projection`, built once per projection (the zod schemas picked from the
 * catalogue's, so each event is checked by a schema made once, not per batch); undefined when the
 * projection declares no `reads`. Throws a RangeError for a type it does not fold, or a field the
 * type's current schema (or the metadata) does not have.
 */
export function compileTrimmedReads(projection: Projection): TrimmedReads | undefined {
  const known = compiled.get(projection);
  if (known !== undefined) return known ?? undefined;
  const reads = projection.reads;
  if (reads === undefined || Object.keys(reads).length === 0) {
    compiled.set(projection, null);
    return undefined;
  }
  const fieldReads: Record<string, ReadFields> = {};
  const decoders = new Map<string, EventDecoder>();
  for (const type of projection.eventTypes) {
    const definition = byType.get(type);
    if (!definition) throw new UnknownEventType(type);
    const read = reads[type];
    if (read === undefined) {
      decoders.set(type, wholeDecoder(definition, eventMetadataSchema));
      continue;
    }
    if (!(definition.schema instanceof z.ZodObject)) throw new RangeError(`${projection.name}: ${type}'s data is not an object, its fields cannot be read apart`);
    const dataSchema = pickFields(projection.name, type, 'data', definition.schema, read.data);
    const metadataSchema = pickFields(projection.name, type, 'metadata', eventMetadataSchema, read.metadata);
    fieldReads[type] = {
      schemaVersion: definition.schemaVersion,
      data: read.data,
      metadata: read.metadata,
      neverNull: { data: neverNull(definition.schema, read.data), metadata: neverNull(eventMetadataSchema, read.metadata) },
    };
    const picked = wholeDecoder({ ...definition, schema: dataSchema }, metadataSchema);
    const checked = checkedDecoder(definition, definition.schema, read);
    decoders.set(type, checked ? (event) => checked(event) ?? picked(event) : picked);
  }
  for (const type of Object.keys(reads)) {
    if (!projection.eventTypes.includes(type as never)) throw new RangeError(`${projection.name}: reads fields of ${type}, which it does not fold`);
  }
  const trimmed: TrimmedReads = {
    reads: fieldReads,
    decode(events) {
      const decoded: FoldableEvent[] = new Array(events.length);
      for (let index = 0; index < events.length; index++) {
        const event = events[index]!;
        const decoder = decoders.get(event.type);
        if (!decoder) throw new UnknownEventType(event.type);
        decoded[index] = decoder(event);
      }
      return decoded;
    },
  };
  compiled.set(projection, trimmed);
  return trimmed;
}

/**
 * The `fields` whose schema refuses both undefined and null: the store may return them as null
 * when absent, as the check refuses that as it would the absence (the error, from the whole event
 * read again page by page, is the same either way).
 */
function neverNull(schema: z.ZodObject, fields: readonly string[]): string[] {
  return fields.filter((field) => {
    const fieldSchema = schema.shape[field] as z.ZodType;
    return !fieldSchema.safeParse(undefined).success && !fieldSchema.safeParse(null).success;
  });
}

function pickFields(projection: string, type: string, part: string, schema: z.ZodObject, fields: readonly string[]): z.ZodObject {
  const missing = fields.filter((field) => !(field in schema.shape));
  if (missing.length > 0) throw new RangeError(`${projection}: ${type}'s ${part} has no field ${missing.join(', ')}`);
  return schema.pick(Object.fromEntries(fields.map((field) => [field, true])) as Record<string, true>);
}

/**
 * The fast path for events stored at the current version: each read field checked in place by a
 * compiled check equivalent to its zod schema (`field-check.ts`), the event passed on as read,
 * without the copies zod's parse makes (which, with its garbage, was most of a rebuild's Node CPU
 * per event: docs/archive/benchmarks-history-2026.md, "Compiled field checks"). Gives undefined when the event is of
 * another version, is not as `readAllTrimmed` returns it (an object holding only read fields), or
 * fails a check: the picked zod schemas then decode it, and throw zod's error. Undefined when a
 * read field's schema has no compiled check.
 */
function checkedDecoder(definition: EventDefinition, schema: z.ZodObject, read: ReadFieldNames): ((event: TrimmedEvent) => FoldableEvent | undefined) | undefined {
  const dataChecks = fieldChecks(schema, read.data);
  const metadataChecks = fieldChecks(eventMetadataSchema, read.metadata);
  if (!dataChecks || !metadataChecks) return undefined;
  const current = definition.schemaVersion;
  // The event itself goes to the fold (it holds what a foldable event holds, and its schema
  // version; `decode` picks this decoder by its type): a copy cost an object per event, and asking
  // for its position made the position's text.
  return (event) =>
    event.schemaVersion === current && holdsOnly(event.data, read.data, dataChecks) && holdsOnly(event.metadata, read.metadata, metadataChecks)
      ? (event as FoldableEvent)
      : undefined;
}

interface ReadFieldNames {
  readonly data: readonly string[];
  readonly metadata: readonly string[];
}

function fieldChecks(schema: z.ZodObject, names: readonly string[]): FieldCheck[] | undefined {
  const checks: FieldCheck[] = [];
  for (const name of names) {
    const check = compileFieldCheck(schema.shape[name] as z.ZodType);
    if (!check) return undefined;
    checks.push(check);
  }
  return checks;
}

/**
 * Whether `value` is a plain object whose own keys are among `names` and whose `names` pass their
 * checks (an absent field is checked as undefined, as zod does): what the picked schema's parse
 * would accept and return unchanged.
 */
function holdsOnly(value: unknown, names: readonly string[], checks: readonly FieldCheck[]): boolean {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const fields = value as Record<string, unknown>;
  let present = 0;
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    if (Object.hasOwn(fields, name)) present++;
    if (!checks[index]!(fields[name])) return false;
  }
  // No other key: zod's parse would drop it, and the fold must see only the read fields.
  let keys = 0;
  for (const key in fields) if (Object.hasOwn(fields, key)) keys++;
  return keys === present;
}

/**
 * Upcast the data of older versions one step at a time (the store returns those whole), then
 * validate with `dataSchema` and `metadataSchema`, which, when picked, also drop what was not
 * declared, so the fold sees the same whatever version the event was stored at.
 */
function wholeDecoder(definition: EventDefinition, metadataSchema: z.ZodType): EventDecoder {
  const { schema: dataSchema, schemaVersion: current, upcasters } = definition;
  return (event) => {
    let data = event.data;
    for (let version = event.schemaVersion; version < current; version++) data = upcasters[version]!(data);
    return {
      type: event.type,
      position: event.position,
      data: dataSchema.parse(data) as object,
      metadata: metadataSchema.parse(event.metadata) as object,
    } as FoldableEvent;
  };
}
