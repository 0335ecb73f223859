import type { SongFields } from '../../../../contract/song';

export type LibrarySong = Pick<SongFields, 'title' | 'genre' | 'genre2' | 'key' | 'bpm' | 'firstBeat' | 'difficulty' | 'duration' | 'playCount' | 'hasLyrics'> & {
  id: number;
  starred: boolean;
};
