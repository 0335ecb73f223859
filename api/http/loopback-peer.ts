/**
 * Whether a socket's remote address is this machine's loopback interface (127.0.0.0/8, ::1, or
 * 127.x mapped into IPv6). Judged on the socket, never on Host or X-Forwarded-For: both are
 * whatever the client wrote, so a LAN neighbour could send `Host: localhost` to a server bound to
 * every interface.
 */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  if (remoteAddress === undefined) return false;
  const address = remoteAddress.toLowerCase();
  if (address === '::1') return true;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}
