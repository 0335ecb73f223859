import { type ChordText, type PlayCount, type SongWithLyrics, chordTextSchema, playCountSchema, songWithLyricsSchema } from '../../../../contract/song';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** GET /api/songs/{id}; a song kept by an older app version may lack `firstBeat`. */
export type PlayerSong = Omit<SongWithLyrics, 'firstBeat'> & Partial<Pick<SongWithLyrics, 'firstBeat'>>;

export const playerApi = api.injectEndpoints({
  endpoints: (build) => ({
    playerSong: build.query<PlayerSong, number>({ query: (songId) => `/api/songs/${songId}`, responseSchema: answerSchema(songWithLyricsSchema) }),
    songPlayRecorded: build.mutation<PlayCount, number>({
      query: (songId) => ({ url: `/api/songs/${songId}/play`, method: 'POST' }),
      responseSchema: answerSchema(playCountSchema),
    }),
    playerChords: build.query<ChordText, { songId: number; instrument: string }>({
      query: ({ songId, instrument }) => `/api/songs/${songId}/chords?instrument=${encodeURIComponent(instrument)}`,
      responseSchema: answerSchema(chordTextSchema),
    }),
  }),
});

export const { usePlayerSongQuery, useSongPlayRecordedMutation, usePlayerChordsQuery } = playerApi;

type WithApi = Parameters<ReturnType<typeof playerApi.endpoints.playerSong.select>>[0];

export function selectPlayerSongTitle(state: WithApi, songId: number | null): string | null {
  if (songId === null) return null;
  return playerApi.endpoints.playerSong.select(songId)(state).data?.title ?? null;
}
