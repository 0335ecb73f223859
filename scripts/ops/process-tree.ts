import { readFile, readdir } from 'node:fs/promises';

/** The fields of /proc/<pid>/stat after the command name (in parentheses, and it may hold spaces); undefined once gone. */
export async function statFields(pid: number | string): Promise<string[] | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat === undefined ? undefined : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The pids whose parent is `pid`. */
export async function childPids(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFields(entry);
    if (fields !== undefined && Number(fields[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/**
 * Whether a process has ended: gone, or a zombie. An orphan's zombie stays until the machine's
 * first process reaps it, and in some containers that process never does.
 */
export async function processEnded(pid: number): Promise<boolean> {
  const fields = await statFields(pid);
  return fields === undefined || fields[0] === 'Z';
}
