import { presetDataSchema } from '../../events/catalog';

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
