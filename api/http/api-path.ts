// How the API reads a request path, in one place, so session loading, guards, the client app and routers agree.

// RFC 3986 unreserved characters (letters, digits, - . _ ~): a canonical URL never escapes them.
const escapedUnreserved = /%(?:2[de]|3[0-9]|4[1-9a-f]|5[0-9af]|6[1-9a-f]|7[0-9ae])/i;
// A slash or backslash in disguise: one layer may read it as a separator and another not.
const disguisedSeparator = /%2f|%5c|\\/i;

/** What a path names, for comparison only: `/API//Admin/./stats/` and `/api/%61dmin/stats` both give `/api/admin/stats`. */
export function canonicalPath(path: string): string {
  // Byte by byte, so a malformed or non-UTF-8 escape cannot make the decoding throw.
  const decoded = path.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const segments: string[] = [];
  for (const segment of decoded.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether `path` is spelled the one way the routes are: no needless escapes, back slashes, empty or dot segments, or trailing slash (any case). */
export function isCanonicalSpelling(path: string): boolean {
  if (!path.startsWith('/') || escapedUnreserved.test(path) || disguisedSeparator.test(path)) return false;
  if (path === '/') return true;
  return path
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Whether `path` names `prefix` (canonical, `/api/admin`) or something below it, however spelled. */
export function isPathWithin(path: string, prefix: string): boolean {
  const canonical = canonicalPath(path);
  return canonical === prefix || canonical.startsWith(`${prefix}/`);
}

/** Whether a path belongs to the JSON API rather than the client app, however spelled. */
export function isApiPath(path: string): boolean {
  return isPathWithin(path, '/api');
}
