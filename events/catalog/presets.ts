import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();
const songId = z.number().int().positive();

/** Most stems one preset may name: far above any real song, low enough to bound an event's size. */
export const maxPresetStems = 64;

/** A stem id as presets key on it: the stem's file name in its song folder (see the songs API's `StemResponse.id`). */
const stemId = z.string().min(1).max(255);

/**
 * A preset's settings (spec 000 section 3): each stem's volume (1 = 100%) and whether it is muted,
 * keyed by stem id. Which ids a song allows is checked at the edge, against that song's stems.
 */
export const presetDataSchema = z.strictObject({
  volumes: z.record(stemId, z.number().min(0).max(1)).refine((volumes) => Object.keys(volumes).length <= maxPresetStems, {
    message: `at most ${maxPresetStems} stems`,
  }),
  mutes: z.record(stemId, z.boolean()).refine((mutes) => Object.keys(mutes).length <= maxPresetStems, {
    message: `at most ${maxPresetStems} stems`,
  }),
});
export type PresetData = z.infer<typeof presetDataSchema>;

/** A Pro user saved the mixer's settings as their preset for a song (replacing any earlier one). */
export const SongPresetSaved = defineEvent({
  type: 'SongPresetSaved',
  schemaVersion: 1,
  schema: z.object({ userId, songId, presetData: presetDataSchema }),
});

/** A Pro user reset their preset for a song: there is none any more (sliders back to 100%). */
export const SongPresetReset = defineEvent({
  type: 'SongPresetReset',
  schemaVersion: 1,
  schema: z.object({ userId, songId }),
});
