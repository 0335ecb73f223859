import { z } from 'zod';
import { presetDataFor } from '../../library/preset-data-for';

/** A song id in a path: a positive whole number. */
export const presetSongIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { message: 'must be a song id (a positive whole number)' })
    .transform(Number),
});

/**
 * POST /api/songs/{id}/preset: `{ presetData: { volumes, mutes, tempo?, transpose? } }`; tempo 0.5..1.5
 * and transpose a whole number -6..+6, absent meaning 1 and 0 (clients from before the practice tools).
 */
export function savePresetRequestFor(stemIds: readonly string[]) {
  return z.strictObject({ presetData: presetDataFor(stemIds) });
}
