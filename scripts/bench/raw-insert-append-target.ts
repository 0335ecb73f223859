import pg from 'pg';
import { migrateEventStore } from '../../events/store/postgres/migrate-event-store';
import type { AppendTarget } from './append-target';
import { inSchema } from './bench-database';
import { openBenchSqlClient } from './bench-sql-client';
import { benchStemStreamed } from './bench-stem-streamed';

const insert = `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
VALUES ($1, $2, $3, $4, $5, $6, $7)`;

/** The floor of one commit per event: autocommitted single-row INSERTs into a copy of `events`, no version check. */
export function rawInsertAppendTarget(connectionString: string): AppendTarget {
  return {
    label: 'raw INSERT, 1 commit each (server)',
    backend: 'postgres',
    async open(appenders) {
      const database = await openBenchSqlClient({ kind: 'postgres', connectionString }, 'raw');
      await migrateEventStore(database.sql);
      const clients = Array.from({ length: appenders }, () => new pg.Client({ connectionString: inSchema(connectionString, database.where) }));
      const closeAll = async () => {
        await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
        await database.dispose();
      };
      try {
        await Promise.all(clients.map((client) => client.connect()));
      } catch (error) {
        await closeAll();
        throw error;
      }
      const next = new Array<number>(appenders).fill(0);
      return {
        async appendOne(appender) {
          const event = benchStemStreamed(appender + 1);
          const position = next[appender]!;
          next[appender] = position + 1;
          await clients[appender]!.query(insert, [
            `raw-${appender}`,
            position,
            event.eventId,
            event.type,
            event.schemaVersion,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata),
          ]);
        },
        close: closeAll,
      };
    },
  };
}
