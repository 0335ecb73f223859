import { supportAddress } from './support-address';

/** A mailto link to the site's support address (support-address.ts). */
export function SupportEmailLink() {
  const address = supportAddress(import.meta.env, window.location.hostname);
  return <a href={`mailto:${address}`}>{address}</a>;
}
