import { z } from 'zod';
import { presetDataSchema } from '../../../events/catalog';

/** A song id in a path: a positive whole number. */
export const presetSongIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { message: 'must be a song id (a positive whole number)' })
    .transform(Number),
});

/**
 * Preset settings for one song: the catalogue's shape, and every stem id one of that song's stems
 * (so a preset names at most the song's stems).
 */
export function presetDataFor(stemIds: readonly string[]) {
  const allowed = new Set(stemIds);
  return presetDataSchema.superRefine((presetData, issues) => {
    for (const field of ['volumes', 'mutes'] as const) {
      for (const id of Object.keys(presetData[field])) {
        if (!allowed.has(id)) issues.addIssue({ code: 'custom', path: [field, id], message: 'not a stem of this song' });
      }
    }
  });
}

/**
 * POST /api/songs/{id}/preset: `{ presetData: { volumes, mutes, tempo?, transpose? } }`; tempo 0.5..1.5
 * and transpose a whole number -6..+6, absent meaning 1 and 0 (clients from before the practice tools).
 */
export function savePresetRequestFor(stemIds: readonly string[]) {
  return z.strictObject({ presetData: presetDataFor(stemIds) });
}
