import { PRERENDER_ORIGIN } from '../../lib/page-head/use-page-head';
import { supportAddress } from './support-address';

/**
 * A mailto link to the site's support address (support-address.ts). Rendered at build time (no
 * window), it names the pre-render host, which the server replaces with its own (decision 0060).
 */
export function SupportEmailLink() {
  const hostname = typeof window === 'undefined' ? new URL(PRERENDER_ORIGIN).hostname : window.location.hostname;
  const address = supportAddress(import.meta.env, hostname);
  return <a href={`mailto:${address}`}>{address}</a>;
}
