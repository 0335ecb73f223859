import { z } from 'zod';

const stemStreamPrefix = '/api/stems/stream/';

/**
 * Where a stem streams from (spec 000, calls): the filename is one path segment, so spaces, quotes,
 * unicode and slashes in it are encoded rather than read as path structure.
 */
export function stemStreamUrl(songId: number, filename: string): string {
  if (!Number.isSafeInteger(songId) || songId < 1) throw new RangeError(`songId must be a positive integer, got ${songId}`);
  if (filename === '') throw new RangeError('filename must not be empty');
  return `${stemStreamPrefix}${songId}/${encodeURIComponent(filename)}`;
}

/** A stem's stream URL as the API sends it (a stem's `filePath`): never a path on the server's disk. */
export const stemStreamUrlSchema = z.string().regex(/^\/api\/stems\/stream\/[1-9]\d*\/[^/]+$/, { message: 'must be a stem stream URL' });
