import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();
const songId = z.number().int().positive();

/** Most stems one preset may name: far above any real song, low enough to bound an event's size. */
export const maxPresetStems = 64;

/** A stem id as presets key on it: the stem's file name in its song folder (see the songs API's `StemResponse.id`). */
const stemId = z.string().min(1).max(255);

/** A preset's tempo as a playback rate (1 = the song's own speed; 50% to 150%, pitch kept; decision 0032). */
export const presetTempoRange = { min: 0.5, max: 1.5 } as const;
/** A preset's transpose of the pitched stems in whole semitones (-6 to +6, tempo kept; decision 0032). */
export const presetTransposeRange = { min: -6, max: 6 } as const;
/** A preset without tempo or transpose (older presets, older clients) plays the song as it is. */
export const presetPracticeDefaults = { tempo: 1, transpose: 0 } as const;

/**
 * A preset's settings: each stem's volume (1 = 100%) and mute by stem id, and optionally tempo and
 * transpose (absent on older events: `presetPracticeDefaults`). Stem ids are checked at the edge.
 */
export const presetDataSchema = z.strictObject({
  volumes: z.record(stemId, z.number().min(0).max(1)).refine((volumes) => Object.keys(volumes).length <= maxPresetStems, {
    message: `at most ${maxPresetStems} stems`,
  }),
  mutes: z.record(stemId, z.boolean()).refine((mutes) => Object.keys(mutes).length <= maxPresetStems, {
    message: `at most ${maxPresetStems} stems`,
  }),
  tempo: z.number().min(presetTempoRange.min).max(presetTempoRange.max).optional(),
  transpose: z.number().int().min(presetTransposeRange.min).max(presetTransposeRange.max).optional(),
});
export type PresetData = z.infer<typeof presetDataSchema>;

/** A preset with its tempo and transpose filled in: what read models store and the API answers. */
export type CompletePresetData = Required<PresetData>;

/** The preset with `presetPracticeDefaults` for what it leaves out. */
export function completePresetData(presetData: PresetData): CompletePresetData {
  return {
    volumes: presetData.volumes,
    mutes: presetData.mutes,
    tempo: presetData.tempo ?? presetPracticeDefaults.tempo,
    transpose: presetData.transpose ?? presetPracticeDefaults.transpose,
  };
}

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
