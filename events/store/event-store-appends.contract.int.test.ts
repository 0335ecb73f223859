import { expect, it } from 'vitest';
import { EventIdConflict } from './event-id-conflict';
import { describeContract, type DifferingCase, events, streamName, testEvent } from './testing/event-store-contract';
import { WrongExpectedVersion } from './wrong-expected-version';

// The event-store contract, part one: appends, expected versions, retries and atomicity.
describeContract((adapter, harness) => {
  it(`reports its kind (${adapter.name})`, () => {
    expect(harness.store.kind).toBe(adapter.name);
  });

  it('lets exactly 1 of 100 concurrent appends at the same expected version through', async () => {
    const stream = streamName('race');
    await harness.store.append(stream, [testEvent()], { expectedVersion: 'no_stream' });
    // Half through each of two stores: two processes racing, each with its own group commit.
    const settled = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? harness.store : harness.peer).append(stream, [testEvent()], { expectedVersion: 0n })),
    );
    const succeeded = settled.filter((result) => result.status === 'fulfilled');
    const failed = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(1);
    expect(failed).toHaveLength(99);
    for (const failure of failed) {
      expect(failure.reason).toBeInstanceOf(WrongExpectedVersion);
      expect((failure.reason as WrongExpectedVersion).actual).toBe(1n);
    }
    const stored = await harness.store.readStream(stream);
    expect(stored.map((event) => event.streamPosition)).toEqual([0n, 1n]);
  });

  it('numbers 100 concurrent appends to one stream 0..99 without gaps', async () => {
    const stream = streamName('busy');
    const appended = events(100);
    const results = await Promise.all(
      appended.map((event, index) => (index % 2 === 0 ? harness.store : harness.peer).append(stream, [event], { expectedVersion: 'any' })),
    );
    expect(results.map((result) => result.nextExpectedVersion).sort((a, b) => (a < b ? -1 : 1))).toEqual(
      Array.from({ length: 100 }, (_, index) => BigInt(index)),
    );
    const stored = await harness.store.readStream(stream);
    expect(stored.map((event) => event.streamPosition)).toEqual(Array.from({ length: 100 }, (_, index) => BigInt(index)));
    expect(new Set(stored.map((event) => event.eventId))).toEqual(new Set(appended.map((event) => event.eventId)));
  });

  it('writes nothing twice when an append is retried with the same event ids', async () => {
    const stream = streamName('retry');
    const batch = events(2);
    const first = await harness.store.append(stream, batch, { expectedVersion: 'no_stream' });
    expect(first.nextExpectedVersion).toBe(1n);
    // The acknowledgement was lost: the writer retries with its original expected version.
    const again = await harness.store.append(stream, batch, { expectedVersion: 'no_stream' });
    expect(again).toEqual(first);
    // Two identical retries in flight at once, through both stores.
    const [left, right] = await Promise.all([
      harness.store.append(stream, batch, { expectedVersion: 'no_stream' }),
      harness.peer.append(stream, batch, { expectedVersion: 'no_stream' }),
    ]);
    expect(left).toEqual(first);
    expect(right).toEqual(first);
    const next = await harness.store.append(stream, [testEvent()], { expectedVersion: first.nextExpectedVersion });
    expect(next.nextExpectedVersion).toBe(2n);

    const stored = await harness.store.readStream(stream);
    expect(stored.map((event) => event.eventId)).toEqual([batch[0]!.eventId, batch[1]!.eventId, stored[2]!.eventId]);
    if (harness.sql) {
      const { rows } = await harness.sql.query<{ count: string }>('SELECT count(*) AS count FROM events WHERE stream_id = $1', [stream]);
      expect(rows[0]!.count).toBe('3');
    }
  });

  it('accepts a double submit of a new append once, answering both callers alike', async () => {
    const stream = streamName('double');
    const batch = events(3);
    // Through one harness.store, behind an append in flight, the two share a group-commit batch.
    const [, first, second] = await Promise.all([
      harness.store.append(streamName('filler'), [testEvent()], { expectedVersion: 'no_stream' }),
      harness.store.append(stream, batch, { expectedVersion: 'no_stream' }),
      harness.store.append(stream, batch, { expectedVersion: 'no_stream' }),
    ]);
    expect(first.nextExpectedVersion).toBe(2n);
    expect(second).toEqual(first);
    expect((await harness.store.readStream(stream)).map((event) => event.eventId)).toEqual(batch.map((event) => event.eventId));
  });

  /** A case of the contract, or, where the adapter documents a difference, that behaviour instead. */
  const contractCase = (key: DifferingCase, title: string, body: () => Promise<void>) => {
    const difference = adapter.differences?.[key];
    if (difference) it(`${title}: not applicable on ${adapter.name}: ${difference.reason}; asserts that instead`, () => difference.instead(harness));
    else it(title, body);
  };

  contractCase('event-id-in-another-stream', 'refuses an event id already stored in another stream', async () => {
    const stream = streamName('owner');
    const [one, two] = events(2);
    await harness.store.append(stream, [one!, two!], { expectedVersion: 'no_stream' });
    const thief = streamName('thief');
    await expect(harness.store.append(thief, [one!], { expectedVersion: 'any' })).rejects.toBeInstanceOf(EventIdConflict);
    await expect(harness.store.append(thief, [one!], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(EventIdConflict);
    expect(await harness.store.readStream(thief)).toEqual([]);
  });

  it('refuses an event id reused with another type, schema version or data', async () => {
    const stream = streamName('owner');
    const [one, two] = events(2);
    await harness.store.append(stream, [one!, two!], { expectedVersion: 'no_stream' });
    for (const changed of [{ ...one!, data: { n: 99 } }, { ...one!, type: 'SomethingElse' }, { ...one!, schemaVersion: 2 }]) {
      await expect(harness.store.append(stream, [changed, two!], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(EventIdConflict);
    }
    await expect(harness.store.append(stream, [{ ...one!, data: { n: 99 } }], { expectedVersion: 'any' })).rejects.toBeInstanceOf(EventIdConflict);
    expect(await harness.store.readStream(stream)).toHaveLength(2);
  });

  contractCase('partial-retry', 'refuses an append whose event ids are stored only in part', async () => {
    const stream = streamName('partial');
    const [one, two] = events(2);
    await harness.store.append(stream, [one!, two!], { expectedVersion: 'no_stream' });
    await expect(harness.store.append(stream, [one!, testEvent()], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(EventIdConflict);
    await expect(harness.store.append(stream, [one!, testEvent()], { expectedVersion: 'any' })).rejects.toBeInstanceOf(EventIdConflict);
    expect(await harness.store.readStream(stream)).toHaveLength(2);
  });

  it('recognises a retry by id, stream, type, schema version and data: other metadata is ignored, the stored kept', async () => {
    const stream = streamName('retry-metadata');
    const batch = events(2);
    const first = await harness.store.append(stream, batch, { expectedVersion: 'no_stream' });
    // A retry of the same command from a later request carries new request metadata.
    const retried = batch.map((event) => ({ ...event, metadata: { ...event.metadata, requestId: 'req-retry', occurredAt: new Date(0).toISOString() } }));
    expect(await harness.store.append(stream, retried, { expectedVersion: 'no_stream' })).toEqual(first);
    const stored = await harness.store.readStream(stream);
    expect(stored.map((event) => event.metadata)).toEqual(batch.map((event) => event.metadata));
  });

  it('stores none of a multi-event append when one of its events cannot be stored', async () => {
    const stream = streamName('atomic');
    const bystander = streamName('bystander');
    const broken = [testEvent(), testEvent('SomethingHappened', harness.unstorableData), testEvent()];
    // The bystander's append may share the broken append's batch; it must still succeed.
    const [brokenResult, bystanderResult] = await Promise.allSettled([
      harness.store.append(stream, broken, { expectedVersion: 'no_stream' }),
      harness.store.append(bystander, [testEvent()], { expectedVersion: 'no_stream' }),
    ]);
    expect(brokenResult.status).toBe('rejected');
    expect(bystanderResult.status).toBe('fulfilled');
    expect(await harness.store.readStream(stream)).toEqual([]);
    expect(await harness.store.readStream(bystander)).toHaveLength(1);
    // The stream still does not exist: 'no_stream' is accepted and numbering starts at 0.
    const retried = await harness.store.append(stream, [broken[0]!, broken[2]!], { expectedVersion: 'no_stream' });
    expect(retried.nextExpectedVersion).toBe(1n);
  });

  it("checks 'no_stream', 'exists', 'any' and exact expected versions", async () => {
    const stream = streamName('versions');
    await expect(harness.store.append(stream, [testEvent()], { expectedVersion: 'exists' })).rejects.toMatchObject({ name: 'WrongExpectedVersion', actual: undefined });
    await expect(harness.store.append(stream, [testEvent()], { expectedVersion: 0n })).rejects.toMatchObject({ name: 'WrongExpectedVersion', actual: undefined });
    expect((await harness.store.append(stream, events(3), { expectedVersion: 'no_stream' })).nextExpectedVersion).toBe(2n);
    await expect(harness.store.append(stream, [testEvent()], { expectedVersion: 'no_stream' })).rejects.toMatchObject({ name: 'WrongExpectedVersion', actual: 2n });
    await expect(harness.store.append(stream, [testEvent()], { expectedVersion: 1n })).rejects.toMatchObject({ name: 'WrongExpectedVersion', expected: 1n, actual: 2n });
    expect((await harness.store.append(stream, [testEvent()], { expectedVersion: 2n })).nextExpectedVersion).toBe(3n);
    expect((await harness.store.append(stream, [testEvent()], { expectedVersion: 'exists' })).nextExpectedVersion).toBe(4n);
    expect((await harness.store.append(stream, events(2), { expectedVersion: 'any' })).nextExpectedVersion).toBe(6n);
    expect((await harness.store.append(streamName('fresh'), [testEvent()], { expectedVersion: 'any' })).nextExpectedVersion).toBe(0n);
    expect(await harness.store.readStream(stream)).toHaveLength(7);
  });

  if (adapter.name !== 'kurrentdb') {
    it('rolls back an append transaction that fails after writing its rows, and reruns its batch neighbours alone', async () => {
      const doomed = streamName('doomed');
      const neighbours = [streamName('neighbour'), streamName('neighbour')];
      let attempts = 0;
      const failing = await harness.openStore!({
        beforeCommit(batch) {
          attempts += 1;
          if (batch.some((append) => append.streamId === doomed)) throw new Error('crash before commit');
        },
      });
      const results = await Promise.allSettled([
        failing.append(doomed, events(3), { expectedVersion: 'no_stream' }),
        ...neighbours.map((stream) => failing.append(stream, events(2), { expectedVersion: 'no_stream' })),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'crash before commit' });
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(await harness.store.readStream(doomed)).toEqual([]);
      const { rows } = await harness.sql!.query<{ count: string }>('SELECT count(*) AS count FROM events WHERE stream_id = $1', [doomed]);
      expect(rows[0]!.count).toBe('0');
      const { rows: streamRows } = await harness.sql!.query('SELECT stream_id FROM streams WHERE stream_id = $1', [doomed]);
      expect(streamRows).toEqual([]);
      for (const stream of neighbours) expect(await harness.store.readStream(stream)).toHaveLength(2);
    });
  }
});
