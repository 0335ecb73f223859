import { expect, it } from 'vitest';
import type { RecordedEvent } from './event-store';
import { appendBatch } from './postgres/append-batch';
import { describeContract, events, expectStrictlyIncreasing, readAllOf, streamName, testEvent, waitFor } from './testing/event-store-contract';
import { testRandom } from '../testing/test-seed';

// The event-store contract, part three: the log's order when transactions overlap and commit out of order.
describeContract((adapter, harness) => {
  it("keeps every stream in revision order in the log under concurrent multi-stream 'any' appends", async () => {
    const before = await harness.store.headPosition();
    const streams = Array.from({ length: 12 }, () => streamName('hammer'));
    const own = new Set(streams);
    const seen: RecordedEvent[] = [];
    const subscription = harness.store.subscribe({
      after: before,
      batchSize: 50,
      onEvents: async (batch) => {
        seen.push(...batch.filter((event) => own.has(event.streamId)));
      },
    });
    // Several writers, each with several small group-commit batches in flight: every batch holds
    // appends to many streams, so transactions lock overlapping sets of stream rows and wait
    // for each other half-way, the schedule that once let a later transaction harness.store a stream's
    // lower revision with a higher transaction id.
    const writers = [harness.store, harness.peer];
    if (harness.openStore) {
      for (let index = 0; index < 3; index++) writers.push(await harness.openStore({ maxConcurrentBatches: 4, maxBatchEvents: 24 }));
    }
    // PGlite runs one transaction at a time, so it cannot interleave: one round shows the same order.
    const rounds = adapter.name === 'postgres' ? 3 : 1;
    // Which stream each append goes to: seeded, so a failing schedule's choices can be replayed.
    const random = testRandom();
    const perRound = 400;
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        Array.from({ length: perRound }, (_, index) =>
          writers[index % writers.length]!.append(streams[Math.floor(random.next() * streams.length)]!, events(1 + (index % 2)), { expectedVersion: 'any' }),
        ),
      );
    }
    const total = rounds * perRound * 1.5;
    const inRevisionOrder = (read: readonly RecordedEvent[]) =>
      streams.map((stream) => {
        const revisions = read.filter((event) => event.streamId === stream).map((event) => event.streamPosition);
        return revisions.every((revision, index) => revision === BigInt(index));
      });
    const read = await readAllOf(harness.store, before, own, 100);
    expect(read).toHaveLength(total);
    expectStrictlyIncreasing(read.map((event) => event.position));
    expect(inRevisionOrder(read)).toEqual(streams.map(() => true));
    await waitFor(() => seen.length >= total, `${total} events through the subscription`, 30_000);
    await subscription.stop();
    expect(seen).toHaveLength(total);
    expect(inRevisionOrder(seen)).toEqual(streams.map(() => true));
  }, 60_000);

  if (adapter.name === 'postgres') {
    it('keeps readers below a transaction that commits late, then delivers both events once', async () => {
      const sql = harness.sql!;
      const before = await harness.store.headPosition();
      const late = streamName('late');
      const early = streamName('early');
      const seen: RecordedEvent[] = [];
      const subscription = harness.store.subscribe({
        after: before,
        onEvents: async (batch) => {
          seen.push(...batch.filter((event) => event.streamId === late || event.streamId === early));
        },
      });
      let commitT1!: () => void;
      const t1MayCommit = new Promise<void>((resolve) => (commitT1 = resolve));
      let t1Wrote!: () => void;
      const t1HasWritten = new Promise<void>((resolve) => (t1Wrote = resolve));
      // T1: the harness.store's own write path, in a transaction held open.
      const t1 = sql.transaction(async (tx) => {
        const outcomes = await appendBatch(tx, [{ streamId: late, events: [testEvent()], expectedVersion: 'no_stream' }]);
        t1Wrote();
        await t1MayCommit;
        return outcomes;
      });
      await t1HasWritten;
      // T2 commits first, with a higher transaction id and sequence number.
      const t2 = await harness.store.append(early, [testEvent()], { expectedVersion: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const page = await harness.store.readAll({ after: before });
      expect(page.events.filter((event) => event.streamId === early || event.streamId === late)).toEqual([]);
      expect(await harness.store.headPosition()).toBe(before);
      expect(await harness.store.countAfter(before)).toBe(0);
      expect(seen).toEqual([]);

      commitT1();
      const [t1Outcome] = await t1;
      expect(t1Outcome!.ok).toBe(true);
      await waitFor(() => seen.length >= 2, 'both events');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await subscription.stop();
      expect(seen.map((event) => event.streamId)).toEqual([late, early]);
      expect(seen[1]!.position).toBe(t2.position);
      expectStrictlyIncreasing(seen.map((event) => event.position));
    });

    it('orders an append from a transaction that took its id before the stream last moved after that move', async () => {
      const sql = harness.sql!;
      const before = await harness.store.headPosition();
      const stream = streamName('early-xid');
      await harness.store.append(stream, [testEvent()], { expectedVersion: 'no_stream' });
      let xidTaken!: () => void;
      const hasXid = new Promise<void>((resolve) => (xidTaken = resolve));
      let mayWrite!: () => void;
      const writeAllowed = new Promise<void>((resolve) => (mayWrite = resolve));
      // A caller's larger transaction: its id is assigned by its own earlier work.
      const older = sql.transaction(async (tx) => {
        await tx.query('SELECT pg_current_xact_id()');
        xidTaken();
        await writeAllowed;
        return appendBatch(tx, [{ streamId: stream, events: [testEvent()], expectedVersion: 'any' }]);
      });
      await hasXid;
      // A younger transaction (higher id) moves the stream to revision 1 and commits first.
      const middle = await harness.store.append(stream, [testEvent()], { expectedVersion: 0n });
      mayWrite();
      const [olderOutcome] = await older;
      expect(olderOutcome).toMatchObject({ ok: true, result: { nextExpectedVersion: 2n } });
      const read = await readAllOf(harness.store, before, new Set([stream]));
      expect(read.map((event) => event.streamPosition)).toEqual([0n, 1n, 2n]);
      expect(read[1]!.position).toBe(middle.position);
      expect(olderOutcome!.ok && read[2]!.position === olderOutcome.result.position).toBe(true);
    });

    it('never skips the event of an older transaction that drew a higher sequence number', async () => {
      const sql = harness.sql!;
      const before = await harness.store.headPosition();
      const olderStream = streamName('older');
      const youngerStream = streamName('younger');
      const seen: RecordedEvent[] = [];
      const subscription = harness.store.subscribe({
        after: before,
        onEvents: async (batch) => {
          seen.push(...batch.filter((event) => event.streamId === olderStream || event.streamId === youngerStream));
        },
      });
      const gate = () => {
        let open!: () => void;
        const opened = new Promise<void>((resolve) => (open = resolve));
        return { open, opened };
      };
      const olderHasXid = gate();
      const youngerWrote = gate();
      const youngerMayCommit = gate();
      const olderMayWrite = gate();
      // The older transaction takes its id first but writes last (higher global_position).
      const older = sql.transaction(async (tx) => {
        await tx.query('SELECT pg_current_xact_id()');
        olderHasXid.open();
        await olderMayWrite.opened;
        return appendBatch(tx, [{ streamId: olderStream, events: [testEvent()], expectedVersion: 'no_stream' }]);
      });
      await olderHasXid.opened;
      const younger = sql.transaction(async (tx) => {
        const outcomes = await appendBatch(tx, [{ streamId: youngerStream, events: [testEvent()], expectedVersion: 'no_stream' }]);
        youngerWrote.open();
        await youngerMayCommit.opened;
        return outcomes;
      });
      await youngerWrote.opened;
      olderMayWrite.open();
      const [olderOutcome] = await older;
      await waitFor(() => seen.length >= 1, 'the older event');
      expect(seen.map((event) => event.streamId)).toEqual([olderStream]);

      youngerMayCommit.open();
      const [youngerOutcome] = await younger;
      await waitFor(() => seen.length >= 2, 'the younger event');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await subscription.stop();
      expect(seen.map((event) => event.streamId)).toEqual([olderStream, youngerStream]);
      const { rows } = await sql.query<{ stream_id: string; global_position: string }>(
        'SELECT stream_id, global_position FROM events WHERE stream_id = ANY($1) ORDER BY global_position',
        [[olderStream, youngerStream]],
      );
      // The sequence order is the reverse of the log order: exactly the case a plain
      // global_position reader would skip.
      expect(rows.map((row) => row.stream_id)).toEqual([youngerStream, olderStream]);
      expect(olderOutcome!.ok && youngerOutcome!.ok).toBe(true);
    });
  }
});
