import { expect, it } from 'vitest';
import type { RecordedEvent } from './event-store';
import { describeContract, events, expectStrictlyIncreasing, readAllOf, streamName, testEvent, waitFor } from './testing/event-store-contract';

// The event-store contract, part two: reading streams and the log, and subscribing to it.
describeContract((adapter, harness) => {
  it('reads a stream from a version, at most max events', async () => {
    const stream = streamName('pages');
    const appended = events(10);
    const startedAt = Date.now();
    const { position } = await harness.store.append(stream, appended, { expectedVersion: 'no_stream' });
    const page = await harness.store.readStream(stream, { fromVersion: 3n, max: 4 });
    expect(page.map((event) => event.streamPosition)).toEqual([3n, 4n, 5n, 6n]);
    expect(page.map((event) => event.eventId)).toEqual(appended.slice(3, 7).map((event) => event.eventId));
    expect(page[0]).toMatchObject({ streamId: stream, type: 'SomethingHappened', schemaVersion: 1, data: { n: 3 }, metadata: appended[3]!.metadata });
    expect(page[0]!.recordedAt).toBeInstanceOf(Date);
    // The harness.store's clock, read back as a real instant (same machine: within a minute of ours).
    expect(Math.abs(page[0]!.recordedAt.getTime() - startedAt)).toBeLessThan(60_000);
    const tail = await harness.store.readStream(stream, { fromVersion: 8n });
    expect(tail).toHaveLength(2);
    // A reader reports the very position the append answered for the last event.
    expect(tail.at(-1)!.position).toBe(position);
    expect(await harness.store.readStream(streamName('missing'))).toEqual([]);
  });

  it('reads the log in strictly increasing position order, each event once', async () => {
    const before = await harness.store.headPosition();
    const streams = Array.from({ length: 5 }, () => streamName('log'));
    await Promise.all(streams.flatMap((stream) => [0, 1, 2].map(() => harness.store.append(stream, events(2), { expectedVersion: 'any' }))));
    const read = await readAllOf(harness.store, before, new Set(streams));
    expect(read).toHaveLength(30);
    expectStrictlyIncreasing(read.map((event) => event.position));
    expect(new Set(read.map((event) => event.eventId)).size).toBe(30);
    for (const stream of streams) {
      expect(read.filter((event) => event.streamId === stream).map((event) => event.streamPosition)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
    }
    const head = await harness.store.headPosition();
    expect(head).toBe(read.at(-1)!.position);
    expect(await harness.store.countAfter(before)).toBeGreaterThanOrEqual(30);
    if (harness.sql) expect(await harness.store.countAfter(before)).toBe(30);
    expect(await harness.store.countAfter(head)).toBe(0);
  });


  it('reads back stream ids and types with spaces, slashes and non-ASCII text, and every field, exactly', async () => {
    const before = await harness.store.headPosition();
    const stream = streamName('odd stream / ü 🎸 ');
    const type = 'Odd Type / ü 🎸';
    const event = { ...testEvent(type, { text: 'a b / ü 🎸', n: -1.5, nested: { list: [1, null, true] } }), schemaVersion: 7 };
    const { position } = await harness.store.append(stream, [event], { expectedVersion: 'no_stream' });
    const expected = { eventId: event.eventId, type, schemaVersion: 7, data: event.data, metadata: event.metadata, streamId: stream, streamPosition: 0n, position };
    const [fromStream] = await harness.store.readStream(stream);
    expect(fromStream).toMatchObject(expected);
    const filtered = await harness.store.readAll({ after: before, types: [type] });
    expect(filtered.events.filter((read) => read.streamId === stream)).toMatchObject([expected]);
    expect(await readAllOf(harness.store, before, new Set([stream]))).toMatchObject([expected]);
  });

  it('filters the log by type and moves past the events it skipped', async () => {
    const before = await harness.store.headPosition();
    const stream = streamName('typed');
    await harness.store.append(stream, [testEvent('Wanted'), testEvent('Unwanted'), testEvent('Wanted'), testEvent('Unwanted')], { expectedVersion: 'no_stream' });
    const head = await harness.store.headPosition();
    const wanted: RecordedEvent[] = [];
    let position = before;
    for (;;) {
      const page = await harness.store.readAll({ after: position, max: 1, types: ['Wanted'] });
      if (page.next === position) break;
      expect(page.events.every((event) => event.type === 'Wanted')).toBe(true);
      wanted.push(...page.events.filter((event) => event.streamId === stream));
      position = page.next;
    }
    expect(wanted.map((event) => event.streamPosition)).toEqual([0n, 2n]);
    expect(position).toBe(head);
    const counted = { all: await harness.store.countAfter(before), wanted: await harness.store.countAfter(before, { types: ['Wanted'] }) };
    // A shared KurrentDB server may hold other tests' events after `before`; a schema of our own does not.
    if (harness.sql) expect(counted).toEqual({ all: 4, wanted: 2 });
    else expect(counted.wanted).toBeGreaterThanOrEqual(2);
    expect(await harness.store.countAfter(before, { types: ['NeverAppended'] })).toBe(0);
  });

  it('delivers history, then live events, with none missing and none twice across the switch', async () => {
    const before = await harness.store.headPosition();
    const streams = [streamName('sub'), streamName('sub')];
    const history = await Promise.all(streams.map((stream) => harness.store.append(stream, events(10), { expectedVersion: 'no_stream' })));
    expect(history).toHaveLength(2);
    const own = new Set(streams);
    const seen: RecordedEvent[] = [];
    let seenAtCaughtUp = -1;
    const subscription = harness.store.subscribe({
      after: before,
      batchSize: 6,
      onEvents: async (batch) => {
        seen.push(...batch.filter((event) => own.has(event.streamId)));
      },
      onCaughtUp: () => {
        seenAtCaughtUp = seen.length;
      },
    });
    await waitFor(() => seenAtCaughtUp >= 0, 'catching up');
    expect(seenAtCaughtUp).toBe(20);
    // Live appends, some through the other harness.store (another process).
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? harness.store : harness.peer).append(streams[index % 2]!, [testEvent()], { expectedVersion: 'any' })),
    );
    await waitFor(() => seen.length >= 40, '40 events');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subscription.stop();
    await expect(subscription.done).resolves.toBeUndefined();
    expect(seen).toHaveLength(40);
    expect(new Set(seen.map((event) => event.eventId)).size).toBe(40);
    expectStrictlyIncreasing(seen.map((event) => event.position));
    for (const stream of streams) {
      expect(seen.filter((event) => event.streamId === stream).map((event) => event.streamPosition)).toEqual(Array.from({ length: 20 }, (_, index) => BigInt(index)));
    }
  });

  it('ends a subscription whose handler fails, through done', async () => {
    const before = await harness.store.headPosition();
    await harness.store.append(streamName('failing'), [testEvent()], { expectedVersion: 'no_stream' });
    const subscription = harness.store.subscribe({
      after: before,
      onEvents: async () => {
        throw new Error('projection broke');
      },
    });
    await expect(subscription.done).rejects.toThrow('projection broke');
  });
});
