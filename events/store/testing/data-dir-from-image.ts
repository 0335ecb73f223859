import { openAsBlob } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

/**
 * Makes `dataDir` an embedded database's directory holding the run's fresh cluster
 * (fresh-pglite-image.ts), as initdb would leave it: a test of a command on the embedded database
 * then opens a cluster in about a second instead of running initdb on disk for five.
 */
export async function dataDirFromFreshImage(dataDir: string): Promise<void> {
  const db = await PGlite.create({ dataDir, loadDataDir: await openAsBlob(inject('freshPgliteImage')) });
  await db.close();
}
