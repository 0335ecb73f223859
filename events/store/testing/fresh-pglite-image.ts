import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A freshly initialised PGlite cluster as a data-directory image: every test database starts from it. */
    freshPgliteImage: string;
  }
}

/**
 * Global setup of the database levels: initdb runs once per test run, not once per test database
 * (it is most of a second of WebAssembly each time, and the suite opens hundreds). A database
 * started from the image is the same empty cluster.
 *
 * The cluster is sized for test databases, which hold a few thousand rows: 16 MB of shared buffers
 * instead of 128 MB, and WAL segments of 1 MB instead of 16 MB. Every start zeroes the buffers and
 * unpacks the image's WAL segment, and the two were two thirds of the start (about 950 ms a
 * database, 320 ms with them sized so). Nothing a test checks depends on either.
 */
export default async function makeFreshPgliteImage(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'woodshed-pglite-image-'));
  const image = path.join(folder, 'fresh-cluster.tar');
  const db = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'], postgresqlconf: ['shared_buffers = 16MB'] });
  try {
    await writeFile(image, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('freshPgliteImage', image);
  return () => rm(folder, { recursive: true, force: true });
}
