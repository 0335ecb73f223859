/** A song of GET /api/songs, as the library uses it (the API's SongResponse, fields the library reads). */
export interface LibrarySong {
  id: number;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  bpm: number | null;
  /** Seconds from the start to the first beat (the audio analysis'); null when unknown. */
  firstBeat: number | null;
  /** 1 to 10 (spec 000, section 3). */
  difficulty: number | null;
  /** Seconds; null when no stem's length could be read. */
  duration: number | null;
  starred: boolean;
  playCount: number;
  hasLyrics: boolean;
}

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
