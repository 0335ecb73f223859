import { api } from '../../lib/api/api';
import type { LibrarySong, ScanProgress } from './library-song';

/**
 * The library's calls (spec 000, section 7). The list is fetched once and refetched explicitly
 * (after a scan); a star change edits the cached list at once and undoes the edit if the call fails.
 */
export const libraryApi = api.enhanceEndpoints({ addTagTypes: ['Songs'] }).injectEndpoints({
  endpoints: (build) => ({
    songs: build.query<LibrarySong[], void>({
      query: () => '/api/songs',
      providesTags: ['Songs'],
    }),
    setSongStarred: build.mutation<void, { id: number; starred: boolean }>({
      query: ({ id, starred }) => ({ url: `/api/songs/${id}/starred`, method: 'PATCH', body: { starred } }),
      transformResponse: () => undefined,
      async onQueryStarted({ id, starred }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          libraryApi.util.updateQueryData('songs', undefined, (songs) => {
            const song = songs.find((item) => item.id === id);
            if (song) song.starred = starred;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    startScan: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/songs/scan', method: 'POST' }),
    }),
    /** The argument only tells scans apart (one cache entry per scan); the call is always the same. */
    scanProgress: build.query<ScanProgress, number>({
      query: () => '/api/songs/scan/progress',
    }),
    /** The same progress, read by an empty library waiting for the demo library (a cache entry of its own). */
    demoLibraryProgress: build.query<ScanProgress, void>({
      query: () => '/api/songs/scan/progress',
    }),
  }),
});

export const { useSongsQuery, useSetSongStarredMutation, useStartScanMutation, useScanProgressQuery, useDemoLibraryProgressQuery } = libraryApi;
