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
 */
export default async function makeFreshPgliteImage(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'woodshed-pglite-image-'));
  const image = path.join(folder, 'fresh-cluster.tar');
  const db = await PGlite.create();
  try {
    await writeFile(image, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('freshPgliteImage', image);
  return () => rm(folder, { recursive: true, force: true });
}
