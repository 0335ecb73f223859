import { type DetectedBpm, detectedBpmSchema } from '../../../../contract/song';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** Answers are not cached: the library reads songs from the local database, which the sync brings up to date. */
export const editSongApi = api.injectEndpoints({
  endpoints: (build) => ({
    editSongMetadata: build.mutation<void, { id: number; body: { title?: string; bpm?: number | null; key?: string | null; difficulty?: number | null } }>({
      query: ({ id, body }) => ({ url: `/api/songs/${id}/metadata`, method: 'PATCH', body }),
      transformResponse: () => undefined,
    }),
    editSongGenre: build.mutation<void, { id: number; genre: string; genre2: string }>({
      query: ({ id, genre, genre2 }) => ({ url: `/api/songs/${id}/genre`, method: 'PATCH', body: { genre, genre2 } }),
      transformResponse: () => undefined,
    }),
    rescanSongBpm: build.mutation<DetectedBpm, number>({
      query: (id) => ({ url: `/api/songs/${id}/rescan-bpm`, method: 'POST' }),
      responseSchema: answerSchema(detectedBpmSchema),
    }),
  }),
});

export const { useEditSongMetadataMutation, useEditSongGenreMutation, useRescanSongBpmMutation } = editSongApi;
