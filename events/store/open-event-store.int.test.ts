import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventToAppend } from './event-store';
import { openStorage } from './open-event-store';
import { dropSchema, freshSchemaName } from './testing/test-sql-clients';

function testEvent(): EventToAppend {
  const eventId = randomUUID();
  return { eventId, type: 'SomethingHappened', schemaVersion: 1, data: { at: 'start' }, metadata: { eventId } };
}

describe('openStorage', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps the log in PGlite at dataDir, creating the directory, across restarts', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'woodshed-storage-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = join(parent, 'nested', 'data');
    const event = testEvent();

    const first = await openStorage({ dataDir });
    expect(first.sql.kind).toBe('pglite');
    expect(first.store.kind).toBe('pglite');
    await first.store.append('restart-stream', [event], { expectedVersion: 'no_stream' });
    await first.close();

    const second = await openStorage({ dataDir });
    const stored = await second.store.readStream('restart-stream');
    expect(stored.map((recorded) => recorded.eventId)).toEqual([event.eventId]);
    expect((await second.store.append('restart-stream', [testEvent()], { expectedVersion: 0n })).nextExpectedVersion).toBe(1n);
    await second.close();
  });

  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    it('uses the PostgreSQL server and schema when databaseUrl is set', async () => {
      const schema = freshSchemaName();
      cleanups.push(() => dropSchema(databaseUrl, schema));
      const storage = await openStorage({ dataDir: '/nonexistent/unused', databaseUrl, databaseSchema: schema });
      expect(storage.sql.kind).toBe('postgres');
      expect(storage.store.kind).toBe('postgres');
      await storage.store.append('server-stream', [testEvent()], { expectedVersion: 'no_stream' });
      const { rows } = await storage.sql.query<{ schema: string; count: string }>(
        `SELECT current_schema() AS schema, (SELECT count(*) FROM events) AS count`,
      );
      expect(rows).toEqual([{ schema, count: '1' }]);
      await storage.close();
    });
  }
});
