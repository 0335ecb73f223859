import type { SongSection } from '../../../../events/catalog';
import { api } from '../../lib/api/api';

/** A stem as GET /api/songs/{id} lists it; `filePath` is its stream URL. */
export interface PlayerStem {
  id: string;
  name: string;
  instrument: string;
  filePath: string;
}

/** GET /api/songs/{id}: what the player shows and loads. */
export interface PlayerSong {
  id: number;
  title: string;
  genre: string | null;
  genre2: string | null;
  key: string | null;
  bpm: number | null;
  /**
   * Seconds from the start to the first beat, from the audio analysis: the beat grid's origin.
   * Null when unknown; absent from a song kept on this device before the API sent it.
   */
  firstBeat?: number | null;
  difficulty: number;
  duration: number | null;
  hasLyrics: boolean;
  lyrics: string | null;
  chordInstruments: readonly string[];
  /** In time order; the transport marks them. */
  sections: readonly SongSection[];
  stems: PlayerStem[];
}

/** GET /api/songs/{id}/chords?instrument=x */
export interface ChordText {
  instrument: string;
  text: string;
}

/**
 * The player's calls (spec 000, calls): no retry, no refetch, per the shared API's rules. A recorded
 * play changes the library's popularity column, so it marks the song list (tag `Songs`, provided
 * by the library's list query) for a refetch.
 */
export const playerApi = api.injectEndpoints({
  endpoints: (build) => ({
    playerSong: build.query<PlayerSong, number>({ query: (songId) => `/api/songs/${songId}` }),
    songPlayRecorded: build.mutation<{ playCount: number }, number>({
      query: (songId) => ({ url: `/api/songs/${songId}/play`, method: 'POST' }),
      invalidatesTags: ['Songs'],
    }),
    playerChords: build.query<ChordText, { songId: number; instrument: string }>({
      query: ({ songId, instrument }) => `/api/songs/${songId}/chords?instrument=${encodeURIComponent(instrument)}`,
    }),
  }),
});

export const { usePlayerSongQuery, useSongPlayRecordedMutation, usePlayerChordsQuery } = playerApi;

type WithApi = Parameters<ReturnType<typeof playerApi.endpoints.playerSong.select>>[0];

/** The title of song `songId` once the player fetched it, for the app header (else null). */
export function selectPlayerSongTitle(state: WithApi, songId: number | null): string | null {
  if (songId === null) return null;
  return playerApi.endpoints.playerSong.select(songId)(state).data?.title ?? null;
}
