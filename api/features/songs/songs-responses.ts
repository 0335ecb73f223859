import type { Song } from '../../../contract/song';
import type { SongRecord } from '../../../projections/songs/songs-queries';
import type { ScanProgress } from './song-scan';
import { toSongFields } from '../../library/song-fields';

/** A song of GET /api/songs (and, with `lyrics`, of GET /api/songs/{id}), as the contract declares it. */
export function toSongResponse(song: SongRecord): Song {
  return { id: song.id, ...toSongFields(song), musicalKey: song.key, starred: song.starred };
}

/** GET /api/songs/scan/progress: the scan's progress, and whether the demo library is being made before it. */
export interface ScanProgressResponse extends ScanProgress {
  /** A first development start is synthesising the demo library: its songs come with the scan that follows. */
  preparingDemoLibrary: boolean;
}
