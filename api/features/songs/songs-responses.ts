import type { Song } from '../../../contract/song';
import type { SongRecord } from '../../../projections/songs/songs-queries';
import { toSongFields } from '../../library/song-fields';

/** A song of GET /api/songs (and, with `lyrics`, of GET /api/songs/{id}), as the contract declares it. */
export function toSongResponse(song: SongRecord): Song {
  return { id: song.id, ...toSongFields(song), musicalKey: song.key, starred: song.starred };
}
