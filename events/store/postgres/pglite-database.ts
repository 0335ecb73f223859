import { openAsBlob } from 'node:fs';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Results, types } from '@electric-sql/pglite';
import type { QueryResult, SqlClient } from './sql-client';

// int8 comes back as a string, as it does from `pg`, so code reading counts and positions behaves
// the same on both clients (a JS number loses precision above 2^53).
const parsers = { [types.INT8]: (value: string) => value };

/** Where PGlite keeps its data, and what it starts from. */
export interface PgliteLocation {
  /** Without it the database lives in memory only. */
  dataDir?: string;
  /**
   * A data-directory image (PGlite's `dumpDataDir` tarball) an in-memory database starts from
   * instead of running initdb, which takes most of a second of WebAssembly.
   */
  image?: string;
}

/** Open PGlite in memory or at `dataDir` (created for its owner only), for both PGlite clients. */
export async function openPgliteDatabase({ dataDir, image }: PgliteLocation): Promise<PGlite> {
  if (dataDir !== undefined && image !== undefined) throw new Error('PGlite starts from an image only in memory');
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await restrictToOwner(dataDir);
  }
  const where = dataDir !== undefined ? { dataDir } : image !== undefined ? { loadDataDir: await openAsBlob(image) } : {};
  const db = await PGlite.create({ ...where, parsers });
  if (dataDir !== undefined) await restrictToOwner(dataDir);
  return db;
}

/** A PGlite result as `SqlExecutor.query` answers it (`rowCount`: rows changed, else rows read). */
export function toQueryResult<Row>(result: Results<Row>): QueryResult<Row> {
  return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
}

/** Close PGlite (it writes its last pages to `dataDir` then) and take the new files back to the owner. */
export async function closePgliteDatabase(db: PGlite, dataDir: string | undefined): Promise<void> {
  if (!db.closed) await db.close();
  if (dataDir !== undefined) await restrictToOwner(dataDir);
}

/** `withAdvisoryLock` for PGlite: per key within this process, the only one that can open the directory. */
export function inProcessAdvisoryLocks(): SqlClient['withAdvisoryLock'] {
  const heldLocks = new Map<string, Promise<void>>();
  const acquire = async (key: string, wait: boolean): Promise<(() => void) | undefined> => {
    while (heldLocks.has(key)) {
      if (!wait) return undefined;
      await heldLocks.get(key);
    }
    let release!: () => void;
    heldLocks.set(key, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      if (!heldLocks.has(key)) return;
      heldLocks.delete(key);
      release();
    };
  };
  return async (key, work, lockOptions) => {
    const release = await acquire(key, lockOptions?.wait ?? true);
    if (!release) return undefined;
    const held: Array<() => void> = [release];
    try {
      // Never aborted; a signal each, as work adds listeners to it.
      return await work({
        signal: new AbortController().signal,
        backendPid: null,
        async hold(other, holdOptions) {
          const releaseOther = await acquire(other, holdOptions?.wait ?? true);
          if (!releaseOther) return undefined;
          held.push(releaseOther);
          return async () => releaseOther();
        },
      });
    } finally {
      for (const releaseHeld of held) releaseHeld();
    }
  };
}

/**
 * The data directory is for its owner only. PGlite writes its initial files with mode 0666 whatever the
 * umask, so modes are set after it opens and again after it closes.
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
