import { type CompletePresetData, type StoredEvent, completePresetData } from '../../events/catalog';

/** A user's preset stream for one song (`song-preset-<userId>-<songId>`) folded. */
export interface PresetState {
  /** The saved settings (tempo and transpose filled in); null when never saved or reset. */
  presetData: CompletePresetData | null;
  /** When the last event of the stream happened (ISO 8601); null for a new stream. */
  updatedAt: string | null;
}

export const initialPresetState: PresetState = { presetData: null, updatedAt: null };

/** The stream a user's preset for one song lives in: one per user and song, so songs never contend. */
export function presetStream(userId: number, songId: number): string {
  return `song-preset-${userId}-${songId}`;
}

/** The same rules as the presets read model (projections/presets), on one user's song. */
export function evolvePresetState(state: PresetState, event: StoredEvent): PresetState {
  switch (event.type) {
    case 'SongPresetSaved':
      return { presetData: completePresetData(event.data.presetData), updatedAt: event.metadata.occurredAt };
    case 'SongPresetReset':
      return { presetData: null, updatedAt: event.metadata.occurredAt };
    default:
      return state;
  }
}
