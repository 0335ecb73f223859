import pg from 'pg';

/** A session on the server whose open transaction holds back every reader of the log. */
export interface BlockingTransaction {
  pid: number;
  /** Commit and disconnect: readers see what was committed meanwhile. */
  end(): Promise<void>;
}

/** A session idle in a transaction holding an id, as a stuck client would be (server only). */
export async function openBlockingTransaction(connectionString: string): Promise<BlockingTransaction> {
  const client = new pg.Client({ connectionString, application_name: 'stuck-test-client' });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_current_xact_id()');
  return {
    pid: Number(rows[0]!.pid),
    async end() {
      await client.query('COMMIT').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
