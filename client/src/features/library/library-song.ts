import type { SongFields } from '../../../../contract/song';

/** A song as the library lists it: the contract's fields the table reads, and this user's star. */
export type LibrarySong = Pick<SongFields, 'title' | 'genre' | 'genre2' | 'key' | 'bpm' | 'firstBeat' | 'difficulty' | 'duration' | 'playCount' | 'hasLyrics'> & {
  id: number;
  starred: boolean;
};

/** GET /api/songs/scan/progress (spec 000, section 3, plus what the scan did). */
export interface ScanProgress {
  isScanning: boolean;
  currentSong: string | null;
  currentIndex: number;
  totalSongs: number;
  stage: 'scanning' | 'bpm' | 'chords' | 'complete';
  problems?: { song: string; file: string; message: string }[];
  summary?: { catalogued: number; changed: number; unchanged: number; removed: number };
  /** A first development start is making the demo library; its songs come with the scan that follows. */
  preparingDemoLibrary?: boolean;
}
