/**
 * Where a stem streams from (spec 000, calls): the filename is one path segment, so spaces, quotes,
 * unicode and slashes in it are encoded rather than read as path structure.
 */
export function stemStreamUrl(songId: number, filename: string): string {
  if (!Number.isSafeInteger(songId) || songId < 1) throw new RangeError(`songId must be a positive integer, got ${songId}`);
  if (filename === '') throw new RangeError('filename must not be empty');
  return `/api/stems/stream/${songId}/${encodeURIComponent(filename)}`;
}
