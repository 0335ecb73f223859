import { z } from 'zod';
import { type EventDefinition, UnknownEventType, eventDefinitions, eventMetadataSchema } from '../../events/catalog';
import type { ReadFields, TrimmedEvent } from '../../events/store/postgres/trimmed-log-reader';
import { type FieldCheck, compileFieldCheck } from './field-check';
import type { FoldableEvent, Projection } from './projection-definition';

/** How a projection that declares `reads` reads the log: what the store returns, and how it is checked. */
export interface TrimmedReads {
  readonly reads: Readonly<Record<string, ReadFields>>;
  /** Upcast and validate what was read; throws, like `decodeEvent`, on the first invalid event. */
  decode(events: readonly TrimmedEvent[]): FoldableEvent[];
}

type EventDecoder = (event: TrimmedEvent) => FoldableEvent;

const byType = new Map<string, EventDefinition>(eventDefinitions.map((definition) => [definition.type, definition]));
const compiled = new WeakMap<Projection, TrimmedReads | null>();

/** Built once per projection; throws a RangeError for a type it does not fold or a field its schema lacks. */
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

/** The `fields` whose schema refuses undefined and null alike: the store may return them null when absent. */
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

/** The fast path: read fields checked in place, no zod copies; undefined means zod decodes. */
function checkedDecoder(definition: EventDefinition, schema: z.ZodObject, read: ReadFieldNames): ((event: TrimmedEvent) => FoldableEvent | undefined) | undefined {
  const dataChecks = fieldChecks(schema, read.data);
  const metadataChecks = fieldChecks(eventMetadataSchema, read.metadata);
  if (!dataChecks || !metadataChecks) return undefined;
  const current = definition.schemaVersion;
  // The event itself goes to the fold: a copy cost an object per event.
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

/** What the picked schema's parse would accept and return unchanged: only `names`, each passing its check. */
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

/** Upcast older versions step by step, then validate; picked schemas drop what was not declared. */

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
