import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { benchDatabaseUrl } from '../../bench/bench-database';
import { type ClusterDescription, clusterDescriptionVariable } from '../cluster-description';
import { startCluster } from '../scale-out-cluster';

declare module 'vitest' {
  /** What the scale-out project's global setup hands to its tests (`inject('scaleOutCluster')`). */
  export interface ProvidedContext {
    scaleOutCluster: ClusterDescription;
  }
}

/**
 * Global setup of the `scale-out` project: the cluster `npm run rehearse:scale-out` started (named
 * by SCALE_OUT_CLUSTER), or, run on its own (`npx vitest run --project scale-out`), one started here
 * with two API processes and stopped after the last file.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const file = process.env[clusterDescriptionVariable];
  if (file !== undefined) {
    project.provide('scaleOutCluster', JSON.parse(await readFile(file, 'utf8')) as ClusterDescription);
    return undefined;
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'woodshed-scale-out-'));
  const cluster = await startCluster({ apiCount: 2, databaseUrl: benchDatabaseUrl(), workDir, log: (line) => console.log(`[scale-out] ${line}`) });
  project.provide('scaleOutCluster', cluster.description);
  return async () => {
    await cluster.stop();
    await rm(workDir, { recursive: true, force: true });
  };
}
