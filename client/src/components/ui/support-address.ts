/**
 * The public pages' contact address. The spec names no domain, so it is support@ the site's own
 * domain (the host it is served from, without a leading 'www.'), unless the operator's build sets
 * VITE_SUPPORT_EMAIL to another address.
 */

const ADDRESS = /^[^\s@<>()",;]+@[^\s@<>()",;]+$/;

/** The address to show for a site served at `hostname`, given the build's variables. */
export function supportAddress(env: Readonly<Record<string, unknown>>, hostname: string): string {
  const configured = env.VITE_SUPPORT_EMAIL;
  if (typeof configured === 'string' && ADDRESS.test(configured.trim())) return configured.trim();
  const domain = hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  return `support@${domain}`;
}
