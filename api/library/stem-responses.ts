import type { SongStem } from '../../contract/song';
import { stemStreamUrl } from '../../contract/stem-stream-url';
import type { SongRecord } from '../../projections/songs/songs-queries';
import { compareByInstrument, instrumentOf, stemName } from './instrument-groups';

/** A song's stems as the player loads them, in instrument order: in GET /api/songs and in the songs sync documents. */
export function toStemResponses(song: Pick<SongRecord, 'id' | 'stems'>): SongStem[] {
  return song.stems
    .map((stem) => {
      const name = stemName(stem.filename);
      return {
        id: stem.filename,
        songId: song.id,
        name,
        instrument: instrumentOf(name),
        filename: stem.filename,
        filePath: stemStreamUrl(song.id, stem.filename),
        volume: 1,
        isMuted: false,
        durationSeconds: stem.durationSeconds,
      };
    })
    .sort(compareByInstrument);
}
