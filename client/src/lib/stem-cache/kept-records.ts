/** A song whose stems this browser keeps for one user, without the bytes. */
export interface KeptSong {
  userId: number;
  songId: number;
  title: string;
  /** The song as GET /api/songs/{id} answered it, so the player opens it offline too. */
  song: unknown;
  /** Ms since the epoch: eviction drops the oldest first. */
  lastOpenedAt: number;
  bytes: number;
  stemCount: number;
}

/** One stem's bytes as the stream sent them. */
export interface KeptStem {
  userId: number;
  songId: number;
  url: string;
  /** Another ETag from an online HEAD means the stem changed. */
  etag: string | null;
  bytes: number;
  body: Blob;
  storedAt: number;
}

/** Where kept songs and stems are stored; every call names the user, whose records alone it sees. */
export interface KeptStemStore {
  getStem(userId: number, songId: number, url: string): Promise<KeptStem | undefined>;
  /** Each kept stem of a song, without its bytes. */
  stemsOf(userId: number, songId: number): Promise<Omit<KeptStem, 'body'>[]>;
  /** Stores the stem and adds its bytes to its song's row (created when missing), in one transaction. */
  putStem(stem: KeptStem, songIfNew: Omit<KeptSong, 'bytes' | 'stemCount'>): Promise<void>;
  getSong(userId: number, songId: number): Promise<KeptSong | undefined>;
  /** Creates the row or updates its title, song and lastOpenedAt, keeping its byte count. */
  touchSong(song: Omit<KeptSong, 'bytes' | 'stemCount'>): Promise<void>;
  songsOf(userId: number): Promise<KeptSong[]>;
  /** Removes a song's row and all its stems. */
  deleteSong(userId: number, songId: number): Promise<void>;
}
