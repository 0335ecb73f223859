/**
 * The host names this server answers to as itself: the host of PUBLIC_URL, and the loopback
 * names `localhost`, `127.0.0.1` and `[::1]`. A request carrying any other Host may come from a
 * page on a name an attacker rebound to our address (DNS rebinding: `evil.example` resolving to
 * 127.0.0.1), which the browser then treats as that page's own origin, so same-origin rules
 * protect nothing. Loopback names are safe in every mode: no attacker can serve a page from them.
 *
 * Ports are not compared: the attacker controls the name, not the port, and the same server is
 * reached on other ports legitimately (the Vite dev server's proxy passes `localhost:5173` on,
 * tests listen on ephemeral ports). docs/decisions/0006-configured-host-names.md
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
