import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Another live process holds the embedded database directory. */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';

  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder.label} (pid ${holder.pid}, since ${holder.since}).\n` +
        'PGlite is one process per data directory: stop the app (npm start / npm run worker) and run this again,\n' +
        'or use a PostgreSQL server (DATABASE_URL), where this command runs beside the app.',
    );
  }
}

interface LockHolder {
  pid: number;
  label: string;
  since: string;
}

const lockFileName = 'woodshed-process.lock';

/** Claim the data directory (PGlite lets a second process corrupt it); a dead process's lock is taken over. */
export async function lockDataDir(dataDir: string, label: string): Promise<() => Promise<void>> {
  // Owner only, as the embedded database keeps it (pglite-sql-client.ts).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, lockFileName);
  const mine: LockHolder = { pid: process.pid, label, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(mine));
      await handle.close();
      return async () => {
        const holder = await readHolder(file);
        if (holder?.pid === process.pid) await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readHolder(file);
      if (holder && isAlive(holder.pid)) throw new DataDirInUse(dataDir, holder);
      await unlink(file).catch(() => undefined);
    }
  }
  throw new Error(`Could not claim ${file}`);
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, label: String(parsed.label), since: String(parsed.since) } : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
