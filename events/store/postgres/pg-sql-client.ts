import pg from 'pg';
import { settlesWithinRunningTime } from './running-time-deadline';
import type { QueryOptions, QueryResult, SqlClient, SqlExecutor } from './sql-client';

export interface PgSqlClientOptions {
  connectionString: string;
  /** Work inside this schema (created if missing): every connection gets it as its search_path. */
  schema?: string;
  max?: number;
  /** `idle_in_transaction_session_timeout` (0: off): one forgotten open transaction would freeze every reader of the log. */
  idleInTransactionTimeoutMs?: number;
}

export const defaultIdleInTransactionTimeoutMs = 60_000;

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;
const relistenDelayMs = 1_000;

/** pg's default parsing (int8 and numeric as strings); LISTEN and advisory locks use connections outside the pool. */
export async function openPgSqlClient(options: PgSqlClientOptions): Promise<SqlClient> {
  const { connectionString, schema } = options;
  if (schema !== undefined && !schemaName.test(schema)) throw new RangeError(`Invalid schema name ${schema}`);
  const idleTimeout = options.idleInTransactionTimeoutMs ?? defaultIdleInTransactionTimeoutMs;
  if (!Number.isInteger(idleTimeout) || idleTimeout < 0) throw new RangeError(`Invalid idle-in-transaction timeout ${idleTimeout}`);
  // Startup parameters, so no query can run before they apply.
  const settings = [`idle_in_transaction_session_timeout=${idleTimeout}`, ...(schema === undefined ? [] : [`search_path=${schema}`])];
  const connection = { connectionString, options: settings.map((setting) => `-c ${setting}`).join(' ') };
  if (schema !== undefined) await createSchema(connectionString, schema);

  const pool = new pg.Pool({ ...connection, max: options.max ?? 10 });
  // An idle client that loses its connection emits here; without a listener Node would crash.
  pool.on('error', () => undefined);
  const listener = new NotificationListener(connection);

  const executor = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>> {
      const values = params ? [...params] : undefined;
      const result = await (options?.name === undefined ? client.query(text, values) : client.query({ name: options.name, text, values }));
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  });

  return {
    kind: 'postgres',
    ...executor(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The server may end the session mid-transaction; the pool does not listen to a client it lent out.
      let lost: Error | undefined;
      const onLost = (error: Error): void => {
        lost ??= error;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await work(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        // pg's own error then only says the client is not queryable; say why.
        if (lost) throw new Error(`The database ended this transaction's session (${lost.message}); nothing of it was committed`, { cause: error });
        throw error;
      } finally {
        client.off('error', onLost);
        // A connection that was lost, or cannot even roll back, is discarded rather than returned to the pool.
        client.release(lost ?? broken);
      }
    },
    async withAdvisoryLock(key, work, lockOptions) {
      // A standby tries every lock it stands by for every second or so, in every process: asking on
      // a pooled session whether another holds it spares the server a new session (a process fork)
      // per try. A free-looking lock is then tried for real on a session of its own, which decides.
      if (lockOptions?.wait === false && (await advisoryLockHeld(pool, key))) return undefined;
      const client = new pg.Client(connection);
      const lost = new AbortController();
      let finished = false;
      const loseLock = (reason: string): void => {
        if (!finished && !lost.signal.aborted) lost.abort(new Error(`Advisory lock ${key} lost: ${reason}`));
      };
      // A terminated backend or a dropped connection ends the session, and with it the lock.
      client.on('error', (error: Error) => loseLock(error.message));
      client.on('end', () => loseLock('its connection ended'));
      await client.connect();
      const checkEveryMs = lockOptions?.checkEveryMs ?? 5_000;
      let timer: NodeJS.Timeout | undefined;
      let backendPid: number | undefined;
      // A cut without a FIN raises no event: ask the session, and when it is silent, ask the server
      // on another connection whether it still holds the lock.

      const check = async (): Promise<void> => {
        const answer = await settlesWithinRunningTime(client.query('SELECT 1'), checkEveryMs);
        if (answer.kind === 'failed') loseLock('its session failed a query');
        else if (answer.kind === 'timed-out') {
          const held = await settlesWithinRunningTime(sessionHoldsAdvisoryLock(pool, backendPid!), checkEveryMs);
          if (held.kind !== 'settled') loseLock('its session did not answer, nor did the server');
          else if (!held.value) loseLock('its session did not answer, and the server shows it holding no lock');
        }
        if (!finished && !lost.signal.aborted) timer = setTimeout(() => void check(), checkEveryMs).unref();
      };
      try {
        const { rows } = await client.query<{ locked: boolean; pid: number }>(
          lockOptions?.wait === false
            ? 'SELECT pg_try_advisory_lock(hashtext($1)) AS locked, pg_backend_pid() AS pid'
            : 'SELECT true AS locked, pg_backend_pid() AS pid FROM (SELECT pg_advisory_lock(hashtext($1))) AS waited',
          [key],
        );
        if (!rows[0]?.locked) return undefined;
        backendPid = Number(rows[0].pid);
        timer = setTimeout(() => void check(), checkEveryMs).unref();
        // Ending the session releases the lock, so no explicit unlock is needed.
        return await work({
          signal: lost.signal,
          backendPid,
          async hold(other, holdOptions) {
            const { rows: held } = await client.query<{ locked: boolean }>(
              holdOptions?.wait === false
                ? 'SELECT pg_try_advisory_lock(hashtext($1)) AS locked'
                : 'SELECT true AS locked FROM (SELECT pg_advisory_lock(hashtext($1))) AS waited',
              [other],
            );
            if (!held[0]?.locked) return undefined;
            return async () => {
              await client.query('SELECT pg_advisory_unlock(hashtext($1))', [other]);
            };
          },
        });
      } finally {
        finished = true;
        clearTimeout(timer);
        await client.end().catch(() => undefined);
      }
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Whether some session of this database holds advisory lock `key` (as `pg_advisory_lock(hashtext(key))` takes it). */
async function advisoryLockHeld(pool: pg.Pool, key: string): Promise<boolean> {
  // A bigint advisory lock shows in pg_locks as its high (classid) and low (objid) 32 bits.
  const { rows } = await pool.query<{ held: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint
     ) AS held`,
    [key],
  );
  return rows[0]?.held === true;
}

/** Whether the server process `pid` holds an advisory lock (a lock session holds one only). */
async function sessionHoldsAdvisoryLock(pool: pg.Pool, pid: number): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND locktype = 'advisory' AND granted) AS held`,
    [pid],
  );
  return rows[0]?.held === true;
}

async function createSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    // Two processes creating the schema at once: the loser sees a unique violation, which is fine.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/** One connection LISTENing on every channel asked for; it reconnects on a drop (callers also poll). */
class NotificationListener {
  readonly #config: pg.ClientConfig;
  readonly #handlers = new Map<string, Set<(payload: string) => void>>();
  #client: Promise<pg.Client> | undefined;
  #closed = false;

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
      try {
        const client = await this.#connected();
        await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      } catch (error) {
        this.#handlers.delete(channel);
        throw error;
      }
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.#handlers.get(channel) !== handlers) return;
      this.#handlers.delete(channel);
      const client = await this.#client?.catch(() => undefined);
      await client?.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = await this.#client?.catch(() => undefined);
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #connected(): Promise<pg.Client> {
    this.#client ??= this.#connect();
    return this.#client;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.#config);
    client.on('notification', (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const lost = () => {
      if (this.#closed || this.#client === undefined) return;
      this.#client = undefined;
      client.end().catch(() => undefined);
      setTimeout(() => void this.#relisten(), relistenDelayMs).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
    } catch (error) {
      this.#client = undefined;
      throw error;
    }
    return client;
  }

  async #relisten(): Promise<void> {
    if (this.#closed || this.#handlers.size === 0) return;
    try {
      const client = await this.#connected();
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch {
      this.#client = undefined;
      setTimeout(() => void this.#relisten(), relistenDelayMs).unref();
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
