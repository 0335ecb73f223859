/** A stem file's validators (RFC 9110 8.8): a strong ETag from size and mtime in ns, and Last-Modified. */
export interface StemValidators {
  etag: string;
  lastModified: Date;
}

export function stemValidators(file: { size: bigint | number; mtimeNs: bigint }): StemValidators {
  return {
    etag: `"${BigInt(file.size).toString(16)}-${file.mtimeNs.toString(16)}"`,
    lastModified: new Date(Number(file.mtimeNs / 1_000_000n)),
  };
}

/** The request headers conditional GET and HEAD look at. */
export interface ConditionalHeaders {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifRange?: string | undefined;
}

const entityTag = /(W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g;

/** Whether a GET or HEAD is answered 304 (RFC 9110 13.2.2). */
export function isNotModified(headers: ConditionalHeaders, validators: StemValidators): boolean {
  if (headers.ifNoneMatch !== undefined) {
    if (headers.ifNoneMatch.trim() === '*') return true;
    const opaque = validators.etag;
    return [...headers.ifNoneMatch.matchAll(entityTag)].some((match) => match[0].replace(/^W\//, '') === opaque);
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    if (Number.isNaN(since)) return false;
    return wholeSeconds(validators.lastModified) <= since;
  }
  return false;
}

/** Whether a Range still applies under If-Range (RFC 9110 13.1.5); else the whole file goes, never bytes of two versions. */
export function rangeStillApplies(ifRange: string | undefined, validators: StemValidators, now: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === validators.etag;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return false;
  const lastModified = wholeSeconds(validators.lastModified);
  const strong = lastModified + 1000 <= now.getTime();
  return strong && date === lastModified;
}

/** HTTP dates have one-second precision. */
function wholeSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}
