import { isDeepStrictEqual } from 'node:util';
import { type CompletePresetData, completePresetData } from '../../../events/catalog';
import { type PresetEvent, decideResetPreset, decideSavePreset } from '../../library/preset-decisions';
import { presetDataFor } from '../../library/preset-data-for';
import type { PresetState } from '../../library/preset-state';
import { PushConflict } from './push-conflict';
import type { PresetDocument } from '../../../contract/sync-documents';
import type { PushedPresetDocument } from './sync-requests';

/** The server's document for one user's song: the saved preset, or a tombstone (reset, or never saved). */
export function presetMasterDocument(state: PresetState, songId: number): PresetDocument {
  const updatedAt = state.updatedAt === null ? 0 : Date.parse(state.updatedAt);
  if (state.presetData === null) return { id: String(songId), volumes: {}, mutes: {}, tempo: 1, transpose: 0, updatedAt, _deleted: true };
  const { volumes, mutes, tempo, transpose } = state.presetData;
  return { id: String(songId), volumes: { ...volumes }, mutes: { ...mutes }, tempo, transpose, updatedAt, _deleted: false };
}

/**
 * What a preset document says: its settings, or null for none (no document, or a tombstone). A
 * document without tempo and transpose comes from a client that predates them (decision 0032): it
 * neither knows nor changes them, so they are taken from `master` (the server's document), and an
 * older client's push keeps the tempo and transpose a newer device saved.
 */
function presetIn(document: PushedPresetDocument | null, master: PresetDocument): CompletePresetData | null {
  if (document === null || document._deleted) return null;
  const known = document.tempo !== undefined || document.transpose !== undefined;
  const unknownTo = master._deleted ? {} : { tempo: master.tempo, transpose: master.transpose };
  return completePresetData({ volumes: document.volumes, mutes: document.mutes, ...(known ? { tempo: document.tempo, transpose: document.transpose } : unknownTo) });
}

/**
 * PushPreset: apply a pushed preset through the REST decisions (save, or reset for a tombstone) if
 * its assumed master state matches the server's on content (not `updatedAt`). Throws `PushConflict`
 * with the server's document otherwise, and without a subscription, song or valid stem ids.
 */
export function decidePresetPush(
  state: PresetState,
  command: {
    userId: number;
    songId: number;
    hasActiveSubscription: boolean;
    /** The song's stem ids; null when the song is not on disk. */
    songStemIds: readonly string[] | null;
    assumedMasterState: PushedPresetDocument | null;
    newDocumentState: PushedPresetDocument;
  },
): PresetEvent[] {
  const master = presetMasterDocument(state, command.songId);
  const conflict = () => new PushConflict(master);
  if (!command.hasActiveSubscription || command.songStemIds === null) throw conflict();
  if (!isDeepStrictEqual(presetIn(command.assumedMasterState, master), presetIn(master, master))) throw conflict();
  const { userId, songId, hasActiveSubscription } = command;
  const wanted = presetIn(command.newDocumentState, master);
  if (wanted === null) return decideResetPreset(state, { userId, songId, hasActiveSubscription });
  const parsed = presetDataFor(command.songStemIds).safeParse(wanted);
  if (!parsed.success) throw conflict();
  return decideSavePreset(state, { userId, songId, presetData: completePresetData(parsed.data), hasActiveSubscription });
}
