import { readFileSync } from 'node:fs';

/**
 * How far a stem response's billed bytes may run ahead of what its client read (decision 0010,
 * "What bytes sent means"): the bytes our kernel accepted from us but had not delivered (the
 * send buffer, grown up to tcp_wmem's maximum) plus those the client's kernel took in but the
 * client never read (its receive buffer, up to tcp_rmem's maximum). Read from /proc; 64 MiB where
 * /proc is not there to say.
 */
export function socketBufferingBound(): number {
  const maximum = (file: string) => Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]);
  try {
    return maximum('/proc/sys/net/ipv4/tcp_wmem') + maximum('/proc/sys/net/ipv4/tcp_rmem');
  } catch {
    return 64 << 20;
  }
}
