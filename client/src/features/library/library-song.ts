import type { SongFields } from '../../../../contract/song';

/** A song as the library lists it: the contract's fields the table reads, and this user's star. */
export type LibrarySong = Pick<SongFields, 'title' | 'genre' | 'genre2' | 'key' | 'bpm' | 'firstBeat' | 'difficulty' | 'duration' | 'playCount' | 'hasLyrics'> & {
  id: number;
  starred: boolean;
};
