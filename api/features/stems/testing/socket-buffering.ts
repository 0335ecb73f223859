import { readFileSync } from 'node:fs';

/**
 * How far billed bytes may run ahead of what a client read (decision 0010): our send buffer plus
 * its receive buffer at their maxima (tcp_wmem, tcp_rmem), from /proc; 64 MiB without /proc.
 */
export function socketBufferingBound(): number {
  const maximum = (file: string) => Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]);
  try {
    return maximum('/proc/sys/net/ipv4/tcp_wmem') + maximum('/proc/sys/net/ipv4/tcp_rmem');
  } catch {
    return 64 << 20;
  }
}
