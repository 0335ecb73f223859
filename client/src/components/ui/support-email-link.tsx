import { PRERENDER_ORIGIN } from '../../lib/page-head/use-page-head';
import { supportAddress } from './support-address';

/** A mailto link to the support address; pre-rendered with a placeholder host the server replaces (decision 0060). */
export function SupportEmailLink() {
  const hostname = typeof window === 'undefined' ? new URL(PRERENDER_ORIGIN).hostname : window.location.hostname;
  const address = supportAddress(import.meta.env, hostname);
  return <a href={`mailto:${address}`}>{address}</a>;
}
