import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type StoredEvent, eventMetadataSchema } from '../../events/catalog';
import { StemStreamed } from '../../events/catalog/metering';
import { type GivenEvent, storedEvents } from '../../events/catalog/testing/stored-events';
import type { TrimmedEvent } from '../../events/store/postgres/trimmed-log-reader';
import { adminUsage } from '../admin-usage/admin-usage-projection';
import { credits } from '../credits/credits-projection';
import { users } from '../users/users-projection';
import { usageBytesPerUser } from '../usage-bytes-per-user/usage-bytes-per-user-projection';
import { type FoldableEvent, type Projection, defineProjection } from './projection-definition';
import { type TrimmedReads, compileTrimmedReads } from './trimmed-reads';

/** What `readAllTrimmed` returns for `event`: only the read fields when it is at the trimmed version. */
function trimmedAsStored(event: StoredEvent, reads: TrimmedReads, schemaVersion: number): TrimmedEvent {
  const read = reads.reads[event.type];
  const only = (value: object, keys: readonly string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
  const trimmed = read && read.schemaVersion === schemaVersion;
  return {
    position: event.position,
    type: event.type,
    schemaVersion,
    data: trimmed ? only(event.data, read.data) : event.data,
    metadata: trimmed ? only(event.metadata, read.metadata) : event.metadata,
  };
}

/** What a fold reads of a decoded event (the compiled checks pass the read event itself, which also holds its schema version). */
function foldView(event: FoldableEvent): FoldableEvent {
  return { position: event.position, type: event.type, data: event.data, metadata: event.metadata } as FoldableEvent;
}

const log: GivenEvent[] = [
  { type: 'StemStreamed', data: { userId: 1, songId: 3, filename: 'drums.opus', bytesSent: 100, range: null, aborted: false } },
  { type: 'UserSignedIn', data: { userId: 2, method: 'code' } },
  { type: 'SongPlayed', data: { userId: 1, songId: 4 } },
  {
    type: 'StemStreamed',
    data: { userId: 2, songId: 3, filename: 'bass.opus', bytesSent: 20_000_000, range: { start: 0, end: 9 }, aborted: true, startedAt: '2025-10-16T08:59:00.000Z' },
  },
  { type: 'CreditsPurchased', data: { userId: 2, credits: 100, amountCents: 500, currency: 'usd', paymentReference: 'cs_1' } },
  { type: 'StemStreamed', data: { userId: 1, songId: 4, filename: 'keys.opus', bytesSent: 7, range: null, aborted: false } },
];

describe('trimmed reads', () => {
  it('are undefined for a projection that declares no reads', () => {
    expect(compileTrimmedReads(users)).toBeUndefined();
  });

  it('read the declared fields of the current version only', () => {
    expect(compileTrimmedReads(usageBytesPerUser)!.reads).toEqual({
      StemStreamed: {
        schemaVersion: 2,
        data: ['userId', 'bytesSent'],
        metadata: ['occurredAt'],
        neverNull: { data: ['userId', 'bytesSent'], metadata: ['occurredAt'] },
      },
    });
    // `startedAt` is optional: absent and null must stay apart.
    expect(compileTrimmedReads(credits)!.reads.StemStreamed!.neverNull).toEqual({ data: ['userId', 'bytesSent'], metadata: ['occurredAt'] });
  });

  it.each([usageBytesPerUser, adminUsage, credits].map((projection) => [projection.name, projection] as const))(
    'fold to the same changes as whole events: %s',
    (_name, projection: Projection) => {
    const reads = compileTrimmedReads(projection)!;
    const whole = storedEvents(log).filter((event) => projection.eventTypes.includes(event.type));
    const decoded = reads.decode(whole.map((event) => trimmedAsStored(event, reads, event.type === 'StemStreamed' ? 2 : 1)));
    expect(projection.fold(decoded)).toEqual(projection.fold(whole));
    // Only the declared fields reach the fold.
    const declared = projection.reads!.StemStreamed!.data;
    const streamed = decoded.filter((event) => event.type === 'StemStreamed');
    expect(streamed).toHaveLength(3);
    for (const event of streamed) expect(declared).toEqual(expect.arrayContaining(Object.keys(event.data)));
    },
  );

  it('validate what was read: a trimmed field of the wrong shape throws, as decodeEvent does', () => {
    const reads = compileTrimmedReads(usageBytesPerUser)!;
    const valid = { position: '1', type: 'StemStreamed', schemaVersion: 2, data: { userId: 1, bytesSent: 5 }, metadata: { occurredAt: '2025-01-01T00:00:00.000Z' } };
    expect(reads.decode([valid]).map(foldView)).toEqual([{ position: '1', type: 'StemStreamed', data: { userId: 1, bytesSent: 5 }, metadata: { occurredAt: '2025-01-01T00:00:00.000Z' } }]);
    expect(() => reads.decode([{ ...valid, data: { userId: 1, bytesSent: -5 } }])).toThrow();
    expect(() => reads.decode([{ ...valid, data: { userId: 1 } }])).toThrow();
    expect(() => reads.decode([{ ...valid, metadata: { occurredAt: 'yesterday' } }])).toThrow();
    expect(() => reads.decode([{ ...valid, type: 'UserSignedIn' }])).toThrow('Unknown event type');
  });

  it('decode through the compiled checks exactly as through the picked zod schemas', () => {
    const reads = compileTrimmedReads(credits)!;
    const read = reads.reads.StemStreamed!;
    const data = z.object(Object.fromEntries(read.data.map((name) => [name, StemStreamed.schema.shape[name as keyof typeof StemStreamed.schema.shape]])));
    const metadata = eventMetadataSchema.pick(Object.fromEntries(read.metadata.map((name) => [name, true])) as { occurredAt: true });
    const candidates: unknown[] = [1, 0, -1, 1.5, 2 ** 53, null, undefined, '3', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000+01:00', '', true];
    let accepted = 0;
    let refused = 0;
    for (const userId of candidates) {
      for (const bytesSent of candidates) {
        for (const at of candidates) {
          for (const extra of [false, true]) {
            const fields: Record<string, unknown> = { userId, bytesSent, startedAt: at, ...(extra ? { songId: 3 } : {}) };
            for (const name of Object.keys(fields)) if (fields[name] === undefined) delete fields[name];
            const event = { position: '7', type: 'StemStreamed', schemaVersion: 2, data: fields, metadata: { occurredAt: at } };
            const expected = data.safeParse(fields).success && metadata.safeParse(event.metadata).success;
            if (expected) {
              accepted++;
              // The fold sees what zod's parse gives: the read fields only.
              const [decoded] = reads.decode([event]);
              expect(foldView(decoded!)).toEqual({ position: '7', type: 'StemStreamed', data: data.parse(fields), metadata: metadata.parse(event.metadata) });
              // Without a key to drop, the compiled checks passed the event on as read, not copied.
              if (!extra) expect(decoded).toBe(event);
            } else {
              refused++;
              expect(() => reads.decode([event])).toThrow(z.ZodError);
            }
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(accepted);
  });

  it('upcast an event stored at an older version (read whole) before picking its fields', () => {
    const reads = compileTrimmedReads(usageBytesPerUser)!;
    const v1 = {
      position: '1',
      type: 'StemStreamed',
      schemaVersion: 1,
      data: { userId: 4, songId: 2, stem: 'drums.opus', bytes: 99 },
      metadata: { eventId: '00000000-0000-4000-8000-000000000001', occurredAt: '2025-01-01T00:00:00.000Z', userId: 4, requestId: 'r', causationId: 'r', correlationId: 'r' },
    };
    expect(reads.decode([v1])).toEqual([{ position: '1', type: 'StemStreamed', data: { userId: 4, bytesSent: 99 }, metadata: { occurredAt: '2025-01-01T00:00:00.000Z' } }]);
  });

  it('refuse, when the projection is defined, a field its schema lacks or a type it does not fold', () => {
    const base = { name: 'reads-test', version: 1, tables: ['t'], migration: () => '', fold: () => undefined, apply: async () => undefined } as const;
    expect(() =>
      defineProjection({ ...base, eventTypes: ['StemStreamed'], reads: { StemStreamed: { data: ['bytes' as 'bytesSent'], metadata: [] } } }),
    ).toThrow("StemStreamed's data has no field bytes");
    expect(() =>
      defineProjection({ ...base, eventTypes: ['StemStreamed'], reads: { SongPlayed: { data: ['userId'], metadata: [] } } as never }),
    ).toThrow('reads fields of SongPlayed, which it does not fold');
  });
});
