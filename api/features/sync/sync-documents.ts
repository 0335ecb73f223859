import type { PresetDocument, SongDocument, StarDocument, TakeDocument } from '../../../contract/sync-documents';
import { songKey } from '../../../contract/sync-documents';
import type { PresetRecord } from '../../../projections/presets/presets-queries';
import type { SongChange, StarChange } from '../../../projections/songs/songs-sync-queries';
import type { TakeRecord } from '../../../projections/takes/takes-queries';
import { toSongFields } from '../../library/song-fields';

// The documents of docs/sync-protocol.md, built from the read models as contract/sync-documents.ts
// declares them; `updatedAt` is when the server recorded the last change.

export function toSongDocument(song: SongChange): SongDocument {
  return { id: songKey(song.id), ...toSongFields(song), _deleted: !song.onDisk };
}

export function toStarDocument(star: StarChange): StarDocument {
  return { id: songKey(star.songId), starred: star.starred, updatedAt: star.changedAt.getTime(), _deleted: false };
}

export function toPresetDocument(preset: PresetRecord): PresetDocument {
  const { volumes, mutes, tempo, transpose } = preset.presetData;
  return {
    id: songKey(preset.songId),
    volumes: { ...volumes },
    mutes: { ...mutes },
    tempo,
    transpose,
    updatedAt: preset.changedAt.getTime(),
    _deleted: preset.deleted,
  };
}

export function toTakeDocument(take: TakeRecord): TakeDocument {
  return {
    id: take.takeId,
    songId: songKey(take.songId),
    name: take.name,
    recordedAt: take.recordedAt.getTime(),
    localDate: take.localDate,
    durationSeconds: take.durationSeconds,
    startSeconds: take.startSeconds,
    tempo: take.tempo,
    transpose: take.transpose,
    scope: take.scope,
    range: take.range,
    latencySeconds: take.latencySeconds,
    updatedAt: take.changedAt.getTime(),
    _deleted: take.deleted,
  };
}
