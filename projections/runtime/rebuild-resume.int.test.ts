import { beforeEach, describe, expect, it } from 'vitest';
import { START } from '../../events/store/event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { appendStreamed } from '../testing/stem-streamed';
import { advisoryLockHolder } from './advisory-lock-holder';
import { readCheckpoint } from './checkpoints';
import { ensureLiveGeneration, findGeneration } from './generations';
import { rebuildLockKey } from './lock-keys';
import { startProjectionHost } from './projection-host';
import { type ProjectionStatus, readProjectionStatus } from './projection-status';
import { type RebuildStart, rebuildProjection } from './rebuild';
import { migrateRuntimeSchema } from './runtime-schema';
import { eventLogControls, eventLogProjection, gate, readEventLog } from './testing/event-log-projection';

const events = Array.from({ length: 10 }, (_, index) => ({ userId: (index % 3) + 1, bytesSent: index + 1 }));

for (const client of availableSqlClients()) {
  describe(`an unfinished rebuild (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    beforeEach(() => migrateRuntimeSchema(database().sql));

    /** Generation 1 live (empty), then a rebuild into generation 2 interrupted after some pages. */
    async function interruptedRebuild(version = 1) {
      const { sql, store } = database();
      const projection = eventLogProjection(eventLogControls(), { writer: 'first', version });
      await ensureLiveGeneration(sql, projection);
      await appendStreamed(store, events);
      let pages = 0;
      const outcome = await rebuildProjection(sql, store, projection, { pageSize: 2, stopped: () => ++pages > 2 });
      expect(outcome).toMatchObject({ kind: 'stopped', generation: 2 });
      return { sql, store, done: outcome.kind === 'stopped' ? outcome.events : 0 };
    }

    it('is shown as interrupted, not as a running rebuild, and the next rebuild resumes it from its checkpoint', async () => {
      const { sql, store, done } = await interruptedRebuild();
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(events.length);
      const projection = eventLogProjection(eventLogControls(), { writer: 'second' });
      const status = await readProjectionStatus(sql, store, projection);
      expect(status).toMatchObject({ generation: 1, state: 'rebuild-interrupted', rebuild: { generation: 2, active: false, lag: events.length - done } });

      const checkpoint = await readCheckpoint(sql, projection.name, 2);
      const starts: RebuildStart[] = [];
      const outcome = await rebuildProjection(sql, store, projection, { resume: true, pageSize: 2, onStart: (start) => starts.push(start) });

      expect(starts).toEqual([{ kind: 'resumed', generation: 2, from: checkpoint }]);
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 2, previous: 1, events: events.length - done, start: starts[0] });
      // The first part was written by the interrupted rebuild, the rest by the resumed one; each event once.
      const rows = await readEventLog(sql);
      expect(rows).toHaveLength(events.length);
      expect(rows.every((row) => row.folds === 1)).toBe(true);
      expect(rows.filter((row) => row.writer === 'first')).toHaveLength(done);
      expect((await readProjectionStatus(sql, store, projection)).state).toBe('running');
    });

    it('is dropped and started over when another version built it, and says so', async () => {
      const { sql, store } = await interruptedRebuild(1);
      const projection = eventLogProjection(eventLogControls(), { writer: 'v2', version: 2 });
      const starts: RebuildStart[] = [];
      const outcome = await rebuildProjection(sql, store, projection, { resume: true, onStart: (start) => starts.push(start) });

      expect(starts).toEqual([{ kind: 'fresh', generation: 3, dropped: { generation: 2, version: 1 } }]);
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 3, previous: 1, events: events.length });
      expect(await readEventLog(sql)).toEqual(events.map(() => ({ folds: 1, writer: 'v2' })));
      const { rows } = await sql.query<{ found: string | null }>(`SELECT to_regclass('event_log_g2')::text AS found`);
      expect(rows[0]!.found).toBeNull();
    });

    it('is shown as rebuilding only while a rebuild runs', async () => {
      const { sql, store } = database();
      const projection = eventLogProjection(eventLogControls(), { writer: 'host' });
      await appendStreamed(store, events);
      const host = await startProjectionHost({ sql, store, projections: [projection], pageSize: 3, pollMs: 30, waitPollMs: 20 });
      try {
        let during: ProjectionStatus | undefined;
        const outcome = await host.rebuild(projection.name, {
          beforeSwap: async () => {
            [during] = await host.status();
          },
        });
        expect(outcome).toMatchObject({ kind: 'swapped', generation: 2 });
        expect(during).toMatchObject({ state: 'rebuilding', rebuild: { generation: 2, active: true } });
        expect((await host.status())[0]).toMatchObject({ state: 'running', rebuild: null });
      } finally {
        await host.stop();
      }
    });
  });
}

for (const client of availableSqlClients().filter((candidate) => candidate.name === 'postgres')) {
  describe(`a rebuild whose lock session is terminated (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    beforeEach(() => migrateRuntimeSchema(database().sql));

    it('stops before committing, keeps its generation, and the next rebuild resumes it', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const held = gate();
      controls.beforeCommit = async (writer) => {
        if (writer === 'killed') await held.wait();
      };
      await ensureLiveGeneration(sql, eventLogProjection(controls, { writer: 'live' }));
      await appendStreamed(store, events);

      const rebuilding = rebuildProjection(sql, store, eventLogProjection(controls, { writer: 'killed' }), { pageSize: 4 });
      await expect.poll(() => held.waiting(), { timeout: 20_000, interval: 20 }).toBe(true);
      const pid = await advisoryLockHolder(sql, await rebuildLockKey(sql, 'event-log'));
      expect(pid).not.toBeNull();
      await sql.query('SELECT pg_terminate_backend($1)', [pid]);
      // Wait until the server has ended that session before letting the held write go on.
      const lockKey = await rebuildLockKey(sql, 'event-log');
      await expect.poll(() => advisoryLockHolder(sql, lockKey), { timeout: 20_000, interval: 20 }).toBeNull();
      held.open();

      const outcome = await rebuilding;
      expect(outcome).toMatchObject({ kind: 'lock-lost', generation: 2 });
      expect(await readCheckpoint(sql, 'event-log', 2)).toBe(START);
      expect(await readEventLog(sql, 'event_log_g2')).toEqual([]);
      const building = await findGeneration(sql, eventLogProjection(controls, { writer: 'any' }), 'building');
      expect(building?.generation).toBe(2);
      expect(await readProjectionStatus(sql, store, eventLogProjection(controls, { writer: 'any' }))).toMatchObject({
        state: 'rebuild-interrupted',
        rebuild: { generation: 2, active: false },
      });

      const resumed = await rebuildProjection(sql, store, eventLogProjection(controls, { writer: 'resumed' }), { resume: true });
      expect(resumed).toMatchObject({ kind: 'swapped', generation: 2, start: { kind: 'resumed', from: START } });
      expect(await readEventLog(sql)).toEqual(events.map(() => ({ folds: 1, writer: 'resumed' })));
    });
  });
}
