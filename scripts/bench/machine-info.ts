import { readFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { withConnection } from './bench-database';

/** What the figures were measured on: the context needed to compare two result files. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  pglite?: string;
  server?: string;
  /** 1-minute load average at the start of the run: other work on the machine is noise in every figure. */
  loadAverageAtStart: number;
}

export async function describeMachine(serverUrl: string | undefined): Promise<MachineInfo> {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpuModel: cores[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    ...(await pgliteVersion()),
    ...(serverUrl === undefined ? {} : { server: await serverVersion(serverUrl) }),
    loadAverageAtStart: loadavg()[0]!,
  };
}

async function pgliteVersion(): Promise<{ pglite?: string }> {
  try {
    const manifest = JSON.parse(await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string };
    return { pglite: manifest.version };
  } catch {
    return {};
  }
}

async function serverVersion(serverUrl: string): Promise<string> {
  return withConnection(serverUrl, async (client) => {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]!.server_version;
  });
}
