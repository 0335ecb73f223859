import { isDeepStrictEqual } from 'node:util';
import type { CompletePresetData, DecidedEvent } from '../../events/catalog';
import type { PresetState } from './preset-state';

export type PresetEvent = DecidedEvent<'SongPresetSaved' | 'SongPresetReset'>;

/** Presets are a Pro feature (spec 000 sections 5 and 6); answered as `requiresUpgrade`. */
export class RequiresUpgrade extends Error {
  override readonly name = 'RequiresUpgrade';
  constructor() {
    super('Presets are a Pro feature. Upgrade to Pro to save, load and reset presets.');
  }
}

/** Whether the user may use presets now; read from the subscriptions read model at the edge. */
interface ProCheck {
  hasActiveSubscription: boolean;
}

/** The refusal every preset command starts with. */
export function requirePro(command: ProCheck): void {
  if (!command.hasActiveSubscription) throw new RequiresUpgrade();
}

/** SavePreset: replaces the song's preset; the same (filled-in) settings again change nothing. */
export function decideSavePreset(
  state: PresetState,
  command: ProCheck & { userId: number; songId: number; presetData: CompletePresetData },
): PresetEvent[] {
  requirePro(command);
  if (state.presetData !== null && isDeepStrictEqual(state.presetData, command.presetData)) return [];
  return [{ type: 'SongPresetSaved', data: { userId: command.userId, songId: command.songId, presetData: command.presetData } }];
}

/** ResetPreset: removes the song's preset; without one there is nothing to reset. */
export function decideResetPreset(state: PresetState, command: ProCheck & { userId: number; songId: number }): PresetEvent[] {
  requirePro(command);
  if (state.presetData === null) return [];
  return [{ type: 'SongPresetReset', data: { userId: command.userId, songId: command.songId } }];
}
