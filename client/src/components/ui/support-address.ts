/** The public pages' contact address: support@ the serving host (without 'www.'), unless the build sets VITE_SUPPORT_EMAIL. */

const ADDRESS = /^[^\s@<>()",;]+@[^\s@<>()",;]+$/;

export function supportAddress(env: Readonly<Record<string, unknown>>, hostname: string): string {
  const configured = env.VITE_SUPPORT_EMAIL;
  if (typeof configured === 'string' && ADDRESS.test(configured.trim())) return configured.trim();
  const domain = hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  return `support@${domain}`;
}
