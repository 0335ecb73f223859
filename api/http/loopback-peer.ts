/**
 * Whether a socket's remote address is loopback (127.0.0.0/8, ::1, or mapped 127.x). Judged on the
 * socket, never Host or X-Forwarded-For, which the client writes.
 */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  if (remoteAddress === undefined) return false;
  const address = remoteAddress.toLowerCase();
  if (address === '::1') return true;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}
