import { PostgreSQLEventStoreDefaultStreamVersion, getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import type { AppendTarget } from './append-target';
import { createSchema, dropSchema, freshSchemaName, inSchema } from './bench-database';
import { benchStemStreamed } from './bench-stem-streamed';

/** The peer: Emmett's PostgreSQL event store in a fresh schema; `poolSize` undefined keeps its default pool (10). */
export function emmettAppendTarget(connectionString: string, poolSize?: number): AppendTarget {
  return {
    label: poolSize === undefined ? 'emmett-postgresql (peer, default pool)' : `emmett-postgresql (peer, pool ${poolSize})`,
    backend: 'postgres',
    async open(appenders) {
      const schema = freshSchemaName('emmett');
      await createSchema(connectionString, schema);
      const url = inSchema(connectionString, schema);
      const pool = poolSize === undefined ? undefined : new pg.Pool({ connectionString: url, max: poolSize });
      const store = getPostgreSQLEventStore(url, pool ? { connectionOptions: { pool } } : {});
      const closeAll = async () => {
        await store.close();
        await pool?.end();
        await dropSchema(connectionString, schema);
      };
      try {
        await store.schema.migrate();
      } catch (error) {
        await closeAll();
        throw error;
      }
      // Emmett numbers a new stream's version 0n and checks it exactly (its streams row must not exist yet).
      const expected: bigint[] = new Array<bigint>(appenders).fill(PostgreSQLEventStoreDefaultStreamVersion);
      return {
        async appendOne(appender) {
          const event = benchStemStreamed(appender + 1);
          const result = await store.appendToStream(
            `usage-${appender + 1}`,
            [{ type: event.type, data: event.data as Record<string, unknown>, metadata: event.metadata }],
            { expectedStreamVersion: expected[appender]! },
          );
          expected[appender] = result.nextExpectedStreamVersion;
        },
        close: closeAll,
      };
    },
  };
}
