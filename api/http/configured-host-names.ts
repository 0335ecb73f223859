/**
 * The host names this server answers to as itself: PUBLIC_URL's host and the loopback names. Any
 * other Host may be a page on a name rebound to our address (DNS rebinding), which same-origin rules
 * would not stop. Ports are not compared: the attacker controls the name, not the port (decision 0006).
 */
export interface ConfiguredHostNames {
  /** Whether a Host header value (`woodshed.example`, `localhost:3000`, `[::1]:3000`) names this server. */
  allows(host: string): boolean;
}

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

export function configuredHostNames(publicUrl: string): ConfiguredHostNames {
  const names = new Set([new URL(publicUrl).hostname.toLowerCase(), ...loopbackNames]);
  return { allows: (host) => names.has(hostNameOf(host)) };
}

/** The name part of a Host value: port dropped, lower case, a final root dot dropped. */
export function hostNameOf(host: string): string {
  const value = host.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
