import { statFields } from '../ops/process-tree';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux this runs on). */
const ticksPerSecond = 100;

/** CPU time a process has used so far (user + system, every thread), ms; undefined once it is gone. */
export async function processCpuMs(pid: number): Promise<number | undefined> {
  const fields = await statFields(pid);
  if (fields === undefined) return undefined;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** CPU used by a set of processes between `start()` and `stop()`, ms; processes that appear later count from their start. */
export async function cpuWindow(pidsNow: () => Promise<number[]>): Promise<{ stop(): Promise<number> }> {
  const before = new Map<number, number>();
  for (const pid of await pidsNow()) {
    const cpu = await processCpuMs(pid);
    if (cpu !== undefined) before.set(pid, cpu);
  }
  return {
    async stop() {
      let total = 0;
      for (const pid of new Set([...before.keys(), ...(await pidsNow())])) {
        const cpu = await processCpuMs(pid);
        if (cpu !== undefined) total += cpu - (before.get(pid) ?? 0);
      }
      return total;
    },
  };
}
