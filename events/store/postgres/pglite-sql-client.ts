import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { QueryResult, SqlClient, SqlExecutor } from './sql-client';

/** Where PGlite keeps its data; without `dataDir` the database lives in memory only. */
export interface PgliteSqlClientOptions {
  dataDir?: string;
}

// int8 comes back as a string, as it does from `pg`, so code reading counts and positions behaves
// the same on both clients (a JS number loses precision above 2^53).
const parsers = { [types.INT8]: (value: string) => value };

/**
 * A SqlClient over embedded PGlite. PGlite is one connection: it already runs a transaction
 * exclusively (other queries of this process wait until it ends), so nothing interleaves with it.
 * Advisory locks are in-process, since no other process can open the same data directory.
 */
export async function openPgliteSqlClient(options: PgliteSqlClientOptions = {}): Promise<SqlClient> {
  const { dataDir } = options;
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await restrictToOwner(dataDir);
  }
  const db = await PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), parsers });
  if (dataDir !== undefined) await restrictToOwner(dataDir);
  const heldLocks = new Map<string, Promise<void>>();

  const executor = (target: PGlite | Transaction): SqlExecutor => ({
    async query<Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(text, params ? [...params] : undefined);
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...executor(db),
    transaction: (work) => db.transaction((tx) => work(executor(tx))),
    async withAdvisoryLock(key, work, lockOptions) {
      const wait = lockOptions?.wait ?? true;
      while (heldLocks.has(key)) {
        if (!wait) return undefined;
        await heldLocks.get(key);
      }
      let release!: () => void;
      heldLocks.set(key, new Promise<void>((resolve) => (release = resolve)));
      try {
        // One process, one connection: the lock cannot be lost while this process runs.
        return await work({ signal: new AbortController().signal, backendPid: null });
      } finally {
        heldLocks.delete(key);
        release();
      }
    },
    async listen(channel, handler) {
      const unlisten = await db.listen(channel, handler);
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    async close() {
      if (!db.closed) await db.close();
      if (dataDir !== undefined) await restrictToOwner(dataDir);
    },
  };
}

/**
 * The data directory holds every account's data: only its owner may enter it. PGlite writes the
 * cluster it starts from with mode 0666 whatever the umask, and later files with the process's
 * umask, so the modes are set after it opens and again after it closes. In between, new files
 * may be readable by others by their mode, but sit inside a directory only the owner can enter.
 */
async function restrictToOwner(directory: string): Promise<void> {
  await chmod(directory, 0o700);
  const entries = await readdir(directory, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const entryPath = path.join(directory, entry.name);
      if (entry.isDirectory()) return restrictToOwner(entryPath);
      return entry.isFile() ? chmod(entryPath, 0o600) : undefined;
    }),
  );
}
