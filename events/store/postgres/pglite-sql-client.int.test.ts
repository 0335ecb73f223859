import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { tempDirPerTest } from '../testing/temp-dir-per-test';
import { openPgliteSqlClient } from './pglite-sql-client';

/** Every file and directory under `root` (itself included) by mode, e.g. `{ '700 d': 30, '600 f': 970 }`. */
async function modes(root: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const visit = async (entry: string): Promise<void> => {
    const info = await stat(entry);
    const key = `${(info.mode & 0o777).toString(8)} ${info.isDirectory() ? 'd' : 'f'}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (info.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(root);
  return counts;
}

describe.runIf(process.platform !== 'win32')('PGlite data directory permissions', () => {
  const tempDir = tempDirPerTest('woodshed-modes-');

  it('creates the data directory and every file in it for its owner only, including files written while open', async () => {
    const parent = await tempDir();
    const dataDir = path.join(parent, 'data');
    const sql = await openPgliteSqlClient({ dataDir });
    const open = await modes(dataDir);
    expect(Object.keys(open).sort()).toEqual(['600 f', '700 d']);
    // New relation files while running, then a checkpoint writing the rest.
    await sql.exec('CREATE TABLE secrets (value text); INSERT INTO secrets VALUES ($$s3cret$$); CHECKPOINT');
    await sql.close();
    const closed = await modes(dataDir);
    expect(Object.keys(closed).sort()).toEqual(['600 f', '700 d']);
    expect(closed['600 f']).toBeGreaterThan(open['600 f']!);
  });

  it('takes a directory an earlier release left world-readable back to its owner', async () => {
    const parent = await tempDir();
    const dataDir = path.join(parent, 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await writeFile(path.join(dataDir, 'auth-secret'), 'secret', { mode: 0o666 });
    const sql = await openPgliteSqlClient({ dataDir });
    await sql.close();
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
  });
});

describe('PGlite started from a data-directory image', () => {
  it('is an empty cluster of its own: what one database writes, the next one from the image does not see', async () => {
    const first = await openPgliteSqlClient({ image: inject('freshPgliteImage') });
    await first.exec('CREATE TABLE notes (text text); INSERT INTO notes VALUES ($$only here$$)');
    const second = await openPgliteSqlClient({ image: inject('freshPgliteImage') });
    const tables = await second.query<{ count: string }>(`SELECT count(*) AS count FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows).toEqual([{ count: '0' }]);
    expect((await first.query('SELECT text FROM notes')).rows).toEqual([{ text: 'only here' }]);
    await first.close();
    await second.close();
  });

  it('is refused together with a data directory, which it would otherwise silently replace', async () => {
    await expect(openPgliteSqlClient({ image: inject('freshPgliteImage'), dataDir: path.join(tmpdir(), 'never-made') })).rejects.toThrow(
      'PGlite starts from an image only in memory',
    );
  });
});
